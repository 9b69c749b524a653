import { z } from 'zod';
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
