import { createRequire } from 'node:module';
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

const { dictionary } = common;

/** The word lists of a zxcvbn-ts language package. */
interface LanguagePackage {
  dictionary: Record<string, (string | number)[]>;
}
// The en, pl and de packages are required at the first check, not imported: loading them takes ≈ 150 ms and 24 MB,
// which a process that never checks a password (the jobs, most tests) need not pay.
const requireLanguage = (name: string) =>
  (createRequire(import.meta.url)(name) as LanguagePackage).dictionary;

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

/**
 * Words of the trade that people build passwords from ("zniwa2026"): given to zxcvbn with the context words as the
 * person's own inputs, so a password made of them counts as easy to guess.
 */
export const SITE_WORDS = [
  'zniwa',
  'żniwa',
  'rolnik',
  'ciagnik',
  'ciągnik',
  'maszyna',
  'kosiarka',
  'ernte',
  'landwirt',
  'harvest',
  'farmer',
  'tractor',
] as const;

/**
 * Fewer estimated guesses than 10^5 is refused. zxcvbn estimates 10^6 for 6 random characters (SPEC's minimum);
 * at 10^6 one random 6-character password in 20 was refused, at 10^5 one in 375 (those holding a word), while a
 * dictionary word with a year or a digit ("zniwa2026", "polska1") estimates 10^4.2.
 */
export const MIN_GUESSES_LOG10 = 5;

/** Words with at most this many digits or symbols around them count as the word (`haslo123`, `Kowalski!`). */
const AFFIX_LENGTH = 6;

/*
 * zxcvbn-ts with the common (passwords, diceware), English, Polish and German dictionaries. Loading and ranking
 * them takes about 0.6 s and 50 MB of heap, so it happens once, at the first check. The Polish and German
 * lists share names ("commonWords"), hence the prefixes. l33t substitutions are capped and only the first 64
 * characters are examined: with the defaults a 128-digit password took 2 s of CPU (see ADR 031).
 */
let estimator: ZxcvbnFactory | undefined;
function passwordEstimator(): ZxcvbnFactory {
  const prefixed = (prefix: string, lists: Record<string, (string | number)[]>) =>
    Object.fromEntries(Object.entries(lists).map(([name, words]) => [`${prefix}-${name}`, words]));
  estimator ??= new ZxcvbnFactory({
    dictionary: {
      ...common.dictionary,
      ...requireLanguage('@zxcvbn-ts/language-en'),
      ...prefixed('pl', requireLanguage('@zxcvbn-ts/language-pl')),
      ...prefixed('de', requireLanguage('@zxcvbn-ts/language-de')),
    },
    graphs: common.adjacencyGraphs,
    l33tMaxSubstitutions: 4,
    maxLength: 64,
  });
  return estimator;
}

/** One dictionary word (any list, l33t or reversed included) with only digits or symbols, few, around it. */
function isOneWordWithAffixes(password: string, result: ZxcvbnResult): boolean {
  const lettered = result.sequence.filter((match) => /\p{L}/u.test(match.token));
  return (
    lettered.length === 1 &&
    lettered[0]!.pattern === 'dictionary' &&
    password.length - lettered[0]!.token.length <= AFFIX_LENGTH
  );
}

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
 * Checks a password someone sets (registration, reset, change, CLI). Refused (docs/decisions/031):
 * - one of the 10,000 most common passwords (also in other letter case, e.g. "Password");
 * - essentially a context word — the word with at most 6 digits or symbols before or after it ("agromech2024",
 *   "Kowalski!"), with its own message;
 * - by zxcvbn with the Polish, German, English and common dictionaries and the context and site words: fewer than
 *   10^6 estimated guesses ("zniwa2026", "polska1", "kochamcie"), or one dictionary word with at most 6 digits or
 *   symbols ("haslo123", "Passwort!1").
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
  if (words.includes(core.replace(/[^\p{L}\p{N}]/gu, ''))) return 'form.password-context-word';
  const result = passwordEstimator().check(password, [...words, ...SITE_WORDS]);
  return result.guessesLog10 < MIN_GUESSES_LOG10 || isOneWordWithAffixes(password, result)
    ? 'form.password-too-common'
    : null;
}
