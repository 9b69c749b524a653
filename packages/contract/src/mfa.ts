import { z } from 'zod';
import { endpoints, IdParams } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { UserSchema } from './user.ts';

/**
 * Second factors (issue 15): passkeys (WebAuthn), TOTP and recovery codes, and the admin's requirement of a
 * second factor for staff. The WebAuthn JSON shapes are @simplewebauthn's; only their outline is checked here,
 * the library verifies the rest (signatures, challenge, origin).
 */

/** What a signed-in session still lacks: a second factor to enter ('verify') or to set up ('setup'). */
export const SECOND_FACTOR_STEPS = ['verify', 'setup'] as const;
export type SecondFactorStep = (typeof SECOND_FACTOR_STEPS)[number];

/** POST auth/login answers the user and, where the session is not complete yet, the step it needs. */
export const LoginResponseSchema = UserSchema.extend({
  secondFactor: z.enum(SECOND_FACTOR_STEPS).optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

const base64url = z
  .string()
  .max(65_536)
  .regex(/^[A-Za-z0-9_-]*$/);

/** A browser's answer to navigator.credentials.create() (RegistrationResponseJSON). */
export const PasskeyRegistrationResponseSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
});
export type PasskeyRegistrationResponse = z.input<typeof PasskeyRegistrationResponseSchema>;

/** A browser's answer to navigator.credentials.get() (AuthenticationResponseJSON). */
export const PasskeyAuthenticationResponseSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}),
});
export type PasskeyAuthenticationResponse = z.input<typeof PasskeyAuthenticationResponseSchema>;

/** Options for navigator.credentials.create()/get(), passed to @simplewebauthn/browser as they are. */
export const PasskeyOptionsSchema = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof PasskeyOptionsSchema>;

export const PASSKEY_NAME_MAX = 60;
const passkeyName = z.string().trim().min(1, 'form.required').max(PASSKEY_NAME_MAX, 'form.max-length');

export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** GET api/user/mfa: the account's second factors. */
export const MfaStatusSchema = z.object({
  passkeys: z.array(PasskeySchema),
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The admin requires a second factor of this account (staff with the requirement on). */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

export const AddPasskeyRequestSchema = z.object({
  name: passkeyName,
  response: PasskeyRegistrationResponseSchema,
});
export const RenamePasskeyRequestSchema = z.object({ name: passkeyName });

/** Removing a factor or making new recovery codes is confirmed with the password. */
export const PasswordConfirmationSchema = z.object({
  password: z.string().min(1, 'form.required').max(LIMITS.passwordMaxLength, 'form.max-length'),
});

/** The codes of a new set, shown once; null when the change made none (not the first factor). */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).nullable() });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const TotpSetupSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG data: URL. */
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

const totpCode = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'form.totp-code'));
const recoveryCode = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{10}$/, 'form.recovery-code'));

export const TotpConfirmationSchema = z.object({ code: totpCode });

/** POST auth/second-factor: one of the account's factors, after the password. */
export const SecondFactorRequestSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCode }),
  z.object({ method: z.literal('recovery'), code: recoveryCode }),
  z.object({ method: z.literal('passkey'), response: PasskeyAuthenticationResponseSchema }),
]);
export type SecondFactorRequest = z.infer<typeof SecondFactorRequestSchema>;

/** POST auth/second-factor/options: which factors the account has, and passkey options when it has passkeys. */
export const SecondFactorOptionsSchema = z.object({
  totp: z.boolean(),
  passkey: PasskeyOptionsSchema.nullable(),
});

/** POST auth/passkey/sign-in: a passkey as the first factor (discoverable credential, no e-mail asked). */
export const PasskeySignInRequestSchema = z.object({
  response: PasskeyAuthenticationResponseSchema,
  remember: z.boolean().default(false),
});

/** GET/PUT api/admin/security. */
export const SecuritySettingsSchema = z.object({ requireStaffSecondFactor: z.boolean() });
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;

/*
 * Sign-in with a passkey and the second step after the password (docs/decisions/049); the account's own second
 * factors (a signed-in account, or a staff session held to set one up); the admin's requirement.
 */
export const mfaEndpoints = endpoints('user', {
  passkeyOptions: {
    method: 'POST',
    path: '/auth/passkey/options',
    tag: 'auth',
    summary: 'A challenge to sign in with any passkey of this site',
    access: 'anyone',
    responses: { 200: PasskeyOptionsSchema },
    errors: [429],
  },
  passkeySignIn: {
    method: 'POST',
    path: '/auth/passkey/sign-in',
    tag: 'auth',
    summary: 'Sign in with a passkey (no password, no e-mail); sets the session cookie',
    access: 'anyone',
    body: PasskeySignInRequestSchema,
    responses: { 200: LoginResponseSchema },
    errors: [429],
  },
  secondFactorOptions: {
    method: 'POST',
    path: '/auth/second-factor/options',
    tag: 'auth',
    summary: 'The factors the second sign-in step offers (and a passkey challenge)',
    access: 'second-factor-step',
    responses: { 200: SecondFactorOptionsSchema },
  },
  completeSecondFactor: {
    method: 'POST',
    path: '/auth/second-factor',
    tag: 'auth',
    summary: 'Complete the sign-in with a TOTP code, a recovery code or a passkey',
    access: 'second-factor-step',
    body: SecondFactorRequestSchema,
    responses: { 204: null },
    errors: [429],
  },
  status: {
    method: 'GET',
    path: '/api/user/mfa',
    summary: "The account's second factors",
    access: 'signed-in-or-setup-step',
    responses: { 200: MfaStatusSchema },
  },
  passkeyRegistrationOptions: {
    method: 'POST',
    path: '/api/user/mfa/passkeys/options',
    summary: 'A challenge to register a passkey',
    access: 'signed-in-or-setup-step',
    responses: { 200: PasskeyOptionsSchema },
  },
  addPasskey: {
    method: 'POST',
    path: '/api/user/mfa/passkeys',
    summary: 'Register a passkey (the first factor brings recovery codes)',
    access: 'signed-in-or-setup-step',
    body: AddPasskeyRequestSchema,
    responses: { 200: RecoveryCodesSchema },
  },
  renamePasskey: {
    method: 'PUT',
    path: '/api/user/mfa/passkeys/:id',
    summary: 'Rename a passkey',
    access: 'signed-in-or-setup-step',
    params: IdParams,
    body: RenamePasskeyRequestSchema,
    responses: { 204: null },
  },
  removePasskey: {
    method: 'POST',
    path: '/api/user/mfa/passkeys/:id/removal',
    summary: 'Remove a passkey, confirmed with the password',
    access: 'signed-in-or-setup-step',
    params: IdParams,
    body: PasswordConfirmationSchema,
    responses: { 204: null },
    errors: [409, 429],
  },
  startTotp: {
    method: 'POST',
    path: '/api/user/mfa/totp',
    summary: 'Start setting up TOTP: a new secret and its QR code',
    access: 'signed-in-or-setup-step',
    responses: { 200: TotpSetupSchema },
    errors: [409],
  },
  confirmTotp: {
    method: 'POST',
    path: '/api/user/mfa/totp/confirmation',
    summary: 'Turn TOTP on with a code from the app',
    access: 'signed-in-or-setup-step',
    body: TotpConfirmationSchema,
    responses: { 200: RecoveryCodesSchema },
  },
  removeTotp: {
    method: 'POST',
    path: '/api/user/mfa/totp/removal',
    summary: 'Turn TOTP off, confirmed with the password',
    access: 'signed-in-or-setup-step',
    body: PasswordConfirmationSchema,
    responses: { 204: null },
    errors: [404, 409, 429],
  },
  renewRecoveryCodes: {
    method: 'POST',
    path: '/api/user/mfa/recovery-codes',
    summary: 'New recovery codes (the old ones stop working), confirmed with the password',
    access: 'signed-in-or-setup-step',
    body: PasswordConfirmationSchema,
    responses: { 200: RecoveryCodesSchema },
    errors: [409, 429],
  },
  getSecuritySettings: {
    method: 'GET',
    path: '/api/admin/security',
    tag: 'admin',
    summary: 'Sign-in security settings',
    access: { roles: ['admin'] },
    responses: { 200: SecuritySettingsSchema },
  },
  updateSecuritySettings: {
    method: 'PUT',
    path: '/api/admin/security',
    tag: 'admin',
    summary: 'Require a second factor for staff, or not',
    access: { roles: ['admin'] },
    body: SecuritySettingsSchema,
    responses: { 200: SecuritySettingsSchema },
  },
});
