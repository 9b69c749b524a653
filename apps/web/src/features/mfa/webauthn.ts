import type {
  PasskeyAuthenticationResponse,
  PasskeyOptions,
  PasskeyRegistrationResponse,
} from '@care/contract/mfa';
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

/*
 * The answers are typed as the contract's outline of them: the library's interfaces have no index signature, so
 * they do not fit the contract's loose objects, though every answer the library gives does.
 */

/** navigator.credentials.create() for a new passkey. */
export async function createPasskey(options: PasskeyOptions): Promise<PasskeyRegistrationResponse> {
  const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
  return (await startRegistration({ optionsJSON })) as PasskeyRegistrationResponse;
}

/** navigator.credentials.get() with a passkey. */
export async function getPasskey(options: PasskeyOptions): Promise<PasskeyAuthenticationResponse> {
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  return (await startAuthentication({ optionsJSON })) as PasskeyAuthenticationResponse;
}

/** The person closed the browser's passkey dialog or it timed out: no error to show, they may try again. */
export const isCancelled = (error: unknown) =>
  (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') ||
  (error instanceof Error && error.name === 'NotAllowedError') ||
  (error instanceof WebAuthnError && (error.cause as Error | undefined)?.name === 'NotAllowedError');

export { browserSupportsWebAuthn } from '@simplewebauthn/browser';
