/// <reference types="altcha/types/react" />
import 'altcha/external';
import 'altcha/altcha.css';
import './altcha-widget.css';
import 'altcha/i18n/de';
import 'altcha/i18n/en';
import 'altcha/i18n/pl';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { authEndpoints } from '@care/contract/auth';
import { apiUrl } from '#app/config/runtime-config.ts';
import { addressOf } from '#app/lib/api-client.ts';

// The external build with its worker as a same-origin file: no inline script or blob: worker for the CSP to allow.
// The server's challenges are PBKDF2/SHA-256 only (features/auth/captcha.ts on the server).
$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

interface AltchaWidgetProps {
  /** The payload to send as captchaResponse, or '' while unsolved, expired or failed. */
  onChange: (payload: string) => void;
}

/** The ALTCHA web component (self-hosted proof of work); it fetches a fresh challenge from GET auth/captcha. */
export default function AltchaWidget({ onChange }: AltchaWidgetProps) {
  const { i18n } = useTranslation();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChange(state === 'verified' && payload ? payload : '');
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, [onChange]);

  return (
    <altcha-widget
      ref={ref}
      challenge={apiUrl(addressOf(authEndpoints.captcha))}
      language={i18n.language}
      auto="onfocus"
      type="checkbox"
      name="captchaResponse"
    />
  );
}
