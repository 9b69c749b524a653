import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { postalCodeRefinement } from './postal-codes.ts';

/*
 * SPEC §3 and §5: the sign-in, registration and password-reset forms and the payloads they send.
 * Every message is a translation key of the web's `validation` namespace; a `too_small`/`too_big` issue
 * also carries its limit, which the web passes to the translation as `count`.
 */

/**
 * Every e-mail address that enters the system (registration, B2C, reset, the CLI). SPEC §5's pattern
 * (`^\S+@\S+$`: non-space text, an at sign, non-space text) alone lets
 * `a@x.net,b@y.org` through, and a mail would go to both; zod's own e-mail rule (the one `z.email()` uses, which
 * implies SPEC's) takes one plain address: dot-separated local part, a domain with a top-level name, no spaces,
 * commas, quotes or brackets.
 */
export const emailField = z
  .string()
  .trim()
  .max(254, 'form.max-length')
  .regex(z.regexes.email, 'form.wrong-email');

/** A password someone sets (registration, reset, change); the server also refuses the most common ones. */
export const passwordField = z
  .string()
  .min(LIMITS.passwordMinLength, 'form.min-length')
  .max(LIMITS.passwordMaxLength, 'form.max-length');

/**
 * A person's name is put into e-mails ("Hello Jan,"): letters (any script) in words joined by one space, hyphen or
 * apostrophe — no digits, dots, slashes or angle brackets (so no links or markup), no line breaks.
 */
export const NAME_PATTERN = /^[\p{L}\p{M}]+(?:[ '’-][\p{L}\p{M}]+)*$/u;

export const nameField = z
  .string()
  .trim()
  .min(LIMITS.nameMinLength, 'form.min-length')
  .max(LIMITS.nameMaxLength, 'form.max-length')
  .regex(NAME_PATTERN, 'form.wrong-name');

/** People type phone numbers with spaces or dashes; only the digits count (SPEC §5: exactly 9). */
const phoneField = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${LIMITS.phoneLength}}$`), 'form.wrong-phone'));

/** Optional; when given, digits only (a NIP is often written with dashes, which are dropped). */
export const peselOrNipField = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{0,11}$/, 'form.wrong-pesel-or-nip'));

const machineNumberField = z.string().trim().min(1, 'form.wrong-machine-number').max(64, 'form.max-length');

const rulesAgreementField = z.literal(true, 'form.rules-required');

/**
 * SPEC §5 login: both fields required; a password of 4 characters or fewer is wrong before it is sent. SPEC §7's
 * call sends username and password only: remember-me is off unless `remember` says otherwise.
 */
export const LoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'form.wrong-username').max(254, 'form.wrong-username'),
  password: z
    .string()
    .min(LIMITS.loginPasswordMinLength, 'form.wrong-password')
    .max(LIMITS.passwordMaxLength, 'form.wrong-password'),
  remember: z.boolean().default(false),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/**
 * SPEC §5 reset form: the e-mail pattern only. POST auth/password-reset also takes the captcha solution
 * (optional in the schema so the form can share it; the server refuses a missing one when captcha is required).
 */
export const PasswordResetRequestSchema = z.object({
  email: emailField,
  captchaResponse: z.string().max(10_000).optional(),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

const registrationFields = {
  personFirstName: nameField,
  personLastName: nameField,
  email: emailField,
  phone: phoneField,
  peselOrNip: peselOrNipField,
  machineNumber: machineNumberField,
  password: passwordField,
  rulesAgreementChecked: rulesAgreementField,
  marketingAgreementChecked: z.boolean(),
};

/** The registration form (SPEC §5): the payload's fields plus the password confirmation. */
export const RegistrationFormSchema = z
  .object({ ...registrationFields, confirmPassword: passwordField })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    error: 'form.passwords-not-same',
    // Compare as soon as both passwords are long enough, even while other fields are still wrong.
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof value.password === 'string' && typeof value.confirmPassword === 'string';
    },
  });
export type RegistrationFormInput = z.input<typeof RegistrationFormSchema>;
export type RegistrationForm = z.output<typeof RegistrationFormSchema>;

/**
 * POST auth/registration (SPEC §3): username equals the e-mail; country, zip and currency are sent empty. A zip
 * code sent with a country code follows the address form's rule (postal-codes.ts).
 */
export const RegistrationRequestSchema = z
  .object({
    ...registrationFields,
    username: emailField,
    countryCode: z.string().max(8),
    zipCode: z.string().max(16),
    currencyCode: z.string().max(8),
    captchaResponse: z.string().max(10_000),
  })
  .superRefine(...postalCodeRefinement('zipCode', 'countryCode'));
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;

/** The B2C account-link form (SPEC §5): e-mail, machine number, password, consents. */
export const RegistrationB2CFormSchema = z.object({
  email: emailField,
  machineNumber: machineNumberField,
  password: passwordField,
  rulesAgreementChecked: rulesAgreementField,
  marketingAgreementChecked: z.boolean(),
});
export type RegistrationB2CFormInput = z.input<typeof RegistrationB2CFormSchema>;
export type RegistrationB2CForm = z.output<typeof RegistrationB2CFormSchema>;

/** POST auth/registrationB2C (SPEC §3): username and email are both the e-mail; name, phone and PESEL/NIP empty. */
export const RegistrationB2CRequestSchema = RegistrationB2CFormSchema.extend({
  username: emailField,
  personFirstName: z.literal(''),
  personLastName: z.literal(''),
  phone: z.literal(''),
  peselOrNip: z.literal(''),
  captchaResponse: z.string().max(10_000),
});
export type RegistrationB2CRequest = z.infer<typeof RegistrationB2CRequestSchema>;

/** POST auth/registration/confirmation: the two parts of the link in the confirmation e-mail. */
export const RegistrationConfirmationRequestSchema = z.object({
  id: z.string().min(1).max(200),
  username: z.string().min(1).max(254),
});
export type RegistrationConfirmationRequest = z.infer<typeof RegistrationConfirmationRequestSchema>;

/** POST auth/registration/confirmation answers whether the machine named at registration is now linked. */
export const RegistrationConfirmationResponseSchema = z.object({ machineLinked: z.boolean() });
export type RegistrationConfirmationResponse = z.infer<typeof RegistrationConfirmationResponseSchema>;

/** POST auth/password-reset/confirmation: the token from the e-mailed link and the new password. */
export const PasswordResetConfirmationRequestSchema = z.object({
  token: z.string().min(1).max(200),
  password: passwordField,
});
export type PasswordResetConfirmationRequest = z.infer<typeof PasswordResetConfirmationRequestSchema>;

/** POST auth/password-reset/check: whether the e-mailed link still works, asked when its page opens (uses nothing). */
export const PasswordResetCheckRequestSchema = PasswordResetConfirmationRequestSchema.pick({ token: true });
export type PasswordResetCheckRequest = z.infer<typeof PasswordResetCheckRequestSchema>;

/** The new-password form behind the reset link: the password twice. */
export const PasswordResetConfirmationFormSchema = z
  .object({ password: passwordField, confirmPassword: passwordField })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    error: 'form.passwords-not-same',
  });
export type PasswordResetConfirmationForm = z.output<typeof PasswordResetConfirmationFormSchema>;

/**
 * GET auth/captcha: an ALTCHA challenge (`parameters` + `signature`, the shape the altcha widget reads from its
 * `challengeurl`) and whether the server requires a solution on registration and password reset.
 */
export const CaptchaChallengeSchema = z.object({
  required: z.boolean(),
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;
