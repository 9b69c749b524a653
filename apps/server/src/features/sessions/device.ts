import { DEVICE_TYPES } from '@care/contract/sessions';
import Bowser from 'bowser';

export interface Device {
  browser: string | null;
  os: string | null;
  deviceType: (typeof DEVICE_TYPES)[number] | null;
}

const named = (name: string | undefined, version: string | undefined) =>
  name ? [name, version].filter(Boolean).join(' ') : null;

/** What a person recognises their device by ("Chrome 142", "Android 15", mobile), from the user agent (bowser). */
export function deviceOf(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, os: null, deviceType: null };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type as string | undefined;
  return {
    // The major version only: the rest changes every few days and tells the person nothing.
    browser: named(parsed.browser.name, parsed.browser.version?.split('.')[0]),
    os: named(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
    deviceType: (DEVICE_TYPES as readonly string[]).includes(type ?? '')
      ? (type as Device['deviceType'])
      : null,
  };
}
