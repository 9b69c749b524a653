import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The 10,000 most common passwords: the head of zxcvbn-ts's ranked list (built from leaked-password corpora,
 * most frequent first). See docs/decisions/010-common-passwords.md.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common'].slice(0, 10_000));

/**
 * Words tied to this portal that make a password easy to guess (ASVS 6.1.2 / 6.2.11). Compared without case;
 * the brand name, the person's e-mail name and their own names are added per check.
 */
export const CONTEXT_WORDS = [
  'agromech',
  'careportal',
  'portal',
  'serwis',
  'service',
  'kombajn',
  'traktor',
] as const;

export interface PasswordContext {
  email?: string;
  firstName?: string;
  lastName?: string;
  brandName?: string;
}

/** A field-error translation key, or null when the password may be used. Length rules are in the contract. */
export type PasswordProblem = 'form.password-too-common' | 'form.password-context-word';

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password) || COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * Checks a password someone sets (registration, reset, change). Refused: one of the 10,000 most common
 * passwords (also in other letter case, e.g. "Password"), or a password that is essentially a context word —
 * the word with at most 6 digits or symbols before or after it ("agromech2024", "Kowalski!").
 */
export function passwordProblem(password: string, context: PasswordContext = {}): PasswordProblem | null {
  if (isCommonPassword(password)) return 'form.password-too-common';
  const core = password
    .toLowerCase()
    .replace(/^[^\p{L}]{0,6}/u, '')
    .replace(/[^\p{L}]{0,6}$/u, '');
  const words = [
    ...CONTEXT_WORDS,
    context.brandName,
    context.email?.split('@')[0],
    context.firstName,
    context.lastName,
  ]
    .map((word) =>
      word
        ?.trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]/gu, ''),
    )
    .filter((word): word is string => !!word && word.length >= 4);
  return words.includes(core.replace(/[^\p{L}\p{N}]/gu, '')) ? 'form.password-context-word' : null;
}
