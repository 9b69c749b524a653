import { z } from 'zod';
import { emailField, nameField, passwordField, peselOrNipField } from './account-fields.ts';
import { endpoints } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { LoginResponseSchema } from './mfa.ts';
import { postalCodeRefinement } from './postal-codes.ts';

// Where they were declared first: the CLI, the mail templates and staff accounts import them from here.
export { emailField, NAME_PATTERN, nameField, passwordField, peselOrNipField } from './account-fields.ts';

/*
 * SPEC §3 and §5: the sign-in, registration and password-reset forms and the payloads they send.
 * Every message is a translation key of the web's `validation` namespace; a `too_small`/`too_big` issue
 * also carries its limit, which the web passes to the translation as `count`.
 */

/** People type phone numbers with spaces or dashes; only the digits count (SPEC §5: exactly 9). */
const phoneField = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${LIMITS.phoneLength}}$`), 'form.wrong-phone'));

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

/** The answer of the calls that e-mail someone: it must not tell whether the address is registered. */
const AcceptedSchema = z
  .undefined()
  .describe('Accepted; the same answer whether or not the e-mail is registered');

/** SPEC §7 auth calls. Every state change here is rate limited; registration and reset also need the captcha. */
export const authEndpoints = endpoints('auth', {
  login: {
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in; sets the session cookie and answers the user',
    access: 'anyone',
    body: LoginRequestSchema,
    responses: { 200: LoginResponseSchema },
    errors: [401, 403, 429],
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    summary: 'Sign out: ends the session and clears its cookie',
    access: 'anyone',
    responses: { 204: null },
  },
  register: {
    method: 'POST',
    path: '/auth/registration',
    summary: 'Register with a machine number',
    access: 'anyone',
    body: RegistrationRequestSchema,
    responses: { 202: AcceptedSchema },
    errors: [429],
  },
  registerB2C: {
    method: 'POST',
    path: '/auth/registrationB2C',
    summary: 'Register by linking an online-store account',
    access: 'anyone',
    body: RegistrationB2CRequestSchema,
    responses: { 202: AcceptedSchema },
    errors: [429],
  },
  confirmRegistration: {
    method: 'POST',
    path: '/auth/registration/confirmation',
    summary: 'Confirm the e-mail address with the link from the registration e-mail',
    access: 'anyone',
    body: RegistrationConfirmationRequestSchema,
    responses: { 200: RegistrationConfirmationResponseSchema },
    errors: [429],
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/auth/password-reset',
    summary: 'E-mail a password-reset link',
    access: 'anyone',
    body: PasswordResetRequestSchema,
    responses: { 202: AcceptedSchema },
    errors: [429],
  },
  checkPasswordReset: {
    method: 'POST',
    path: '/auth/password-reset/check',
    summary: 'Whether a password-reset link still works, without using it (the page asks when it opens)',
    access: 'anyone',
    body: PasswordResetCheckRequestSchema,
    responses: { 204: null },
    errors: [429],
  },
  confirmPasswordReset: {
    method: 'POST',
    path: '/auth/password-reset/confirmation',
    summary: 'Set a new password with the link from the reset e-mail; ends every session',
    access: 'anyone',
    body: PasswordResetConfirmationRequestSchema,
    responses: { 204: null },
    errors: [429],
  },
  captcha: {
    method: 'GET',
    path: '/auth/captcha',
    summary: "An ALTCHA challenge (the widget's challengeurl)",
    access: 'anyone',
    responses: { 200: CaptchaChallengeSchema },
  },
});
