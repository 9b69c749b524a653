import { z } from 'zod';
import { endpoints } from './endpoint.ts';

/**
 * Staff single sign-on with OpenID Connect (issue 15). The browser goes to `start`; the provider sends it back to
 * the callback (OIDC_REDIRECT_PATH), which signs in and redirects to the staff area, or to the sign-in page with
 * `?sso-error=<code>` when it refuses.
 */
export const SSO_ERROR_PARAM = 'sso-error';

/** Why a single sign-on was refused; each is an error code the sign-in page translates (errors:<code>). */
export const SSO_ERROR_CODES = [
  /** The answer from the provider could not be checked (state, nonce, code, signature) or it reported an error. */
  'SSO_FAILED',
  /** The person's groups map to no portal role (OIDC_ROLE_GROUPS): no account is made. */
  'SSO_NO_ROLE',
  /** The e-mail belongs to a customer account, or to a staff account linked to another identity. */
  'SSO_ACCOUNT_CONFLICT',
  /** The linked staff account is disabled in the portal. */
  'SSO_ACCOUNT_DISABLED',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

/** What the sign-in page reads from the address after a refused single sign-on. */
export const SsoErrorSchema = z.enum(SSO_ERROR_CODES);

/**
 * The callback's query as the provider sends it; openid-client checks it, so the schema only bounds it. Any
 * parameter names (the provider may add its own), so an object with a catch-all, which the strict-query plugin
 * leaves open.
 */
export const SsoCallbackQuerySchema = z.object({}).catchall(z.string().max(4096));

/** Both steps are browser navigations: they answer with redirects, never JSON (but for a refused rate limit). */
export const ssoEndpoints = endpoints('auth', {
  start: {
    method: 'GET',
    path: '/auth/sso/start',
    summary: 'Start staff single sign-on at the identity provider',
    description: 'Redirects to the identity provider, or back to the portal with ?sso-error=SSO_FAILED.',
    access: 'anyone',
    responses: { 302: 'redirect' },
    errors: [429],
  },
  /** At OIDC_REDIRECT_PATH, whose default this path is: the server registers it where the operator set it. */
  callback: {
    method: 'GET',
    path: '/auth/sso/callback',
    summary: "The identity provider's answer: signs the staff member in",
    description: 'Redirects back to the portal: ?sso=signed-in, or ?sso-error=<code> when it refuses.',
    access: 'anyone',
    query: SsoCallbackQuerySchema,
    responses: { 302: 'redirect' },
    errors: [429],
  },
});
