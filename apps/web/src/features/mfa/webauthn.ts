import type { PasskeyOptions } from '@care/contract/mfa';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';

/*
 * The browser's side of the WebAuthn ceremonies (@simplewebauthn/browser): the server's options go in as the
 * server made them (it is the same library's JSON), the browser's answer goes back to the server to verify.
 */

/** navigator.credentials.create() for a new passkey. */
export function createPasskey(options: PasskeyOptions) {
  return startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
}

/** navigator.credentials.get() with a passkey. */
export function getPasskey(options: PasskeyOptions) {
  return startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
}

/** The person closed the browser's passkey dialog or it timed out: no error to show, they may try again. */
export const isCancelled = (error: unknown) =>
  (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') ||
  (error instanceof Error && error.name === 'NotAllowedError') ||
  (error instanceof WebAuthnError && (error.cause as Error | undefined)?.name === 'NotAllowedError');

export { browserSupportsWebAuthn } from '@simplewebauthn/browser';
