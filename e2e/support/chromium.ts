import { existsSync } from 'node:fs';

/**
 * Playwright's own Chromium cannot be downloaded on our build machines, so Debian's is used where it exists.
 * PLAYWRIGHT_CHROMIUM_PATH points elsewhere; with neither, Playwright's bundled browser is used.
 */
export const chromiumPath =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** How every Chromium we start (journeys, screenshots, traces) is launched: in a container, without a GPU or background traffic. */
export const chromiumLaunchOptions = {
  ...(chromiumPath ? { executablePath: chromiumPath } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
