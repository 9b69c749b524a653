import { z } from 'zod';
import { LIMITS } from './limits.ts';

/*
 * The fields of a person's account that several forms share: registration and reset (auth.ts), the account's own
 * details (user.ts), staff accounts and the CLI. Apart from auth.ts, so that user.ts need not load the auth
 * endpoints (their sign-in answers a user: auth.ts -> mfa.ts -> user.ts).
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

/** Optional; when given, digits only (a NIP is often written with dashes, which are dropped). */
export const peselOrNipField = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{0,11}$/, 'form.wrong-pesel-or-nip'));
