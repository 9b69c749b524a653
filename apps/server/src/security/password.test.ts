import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password.ts';
import { isCommonPassword, passwordProblem } from './password-policy.ts';
import { randomBytes } from 'node:crypto';

describe('password hashing', () => {
  it('stores argon2id with m=19 MiB, t=2, p=1 and a random salt', async () => {
    const first = await hashPassword('Zielone-pole-2026');
    const second = await hashPassword('Zielone-pole-2026');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(needsRehash(first)).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$abc$def')).toBe(true);
  });

  it('verifies the password exactly as typed: no trimming, no case folding', async () => {
    const stored = await hashPassword(' Zielone-Pole ');
    expect(await verifyPassword(stored, ' Zielone-Pole ')).toBe(true);
    expect(await verifyPassword(stored, 'Zielone-Pole')).toBe(false);
    expect(await verifyPassword(stored, ' zielone-pole ')).toBe(false);
  });

  it('answers false for a damaged hash instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('keeps one dummy hash that no password matches', async () => {
    const dummy = await dummyPasswordHash();
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(dummy).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(dummy, '')).toBe(false);
  });
});

describe('password policy', () => {
  const ranked = dictionary['passwords-common'];

  it('refuses the 10,000 most common passwords, in any letter case', () => {
    for (const password of ['123456', 'password', 'qwerty123', 'iloveyou', ranked[9_999]!]) {
      expect(passwordProblem(password), password).toBe('form.password-too-common');
    }
    expect(isCommonPassword('PassWord')).toBe(true);
  });

  it('accepts what is not among the first 10,000', () => {
    const beyond = ranked.slice(10_000).find((p) => p.length >= 6 && !ranked.slice(0, 10_000).includes(p))!;
    expect(isCommonPassword(beyond)).toBe(false);
    expect(passwordProblem('Zielone-pole-2026')).toBeNull();
  });

  it('refuses a password that is just the portal’s or the person’s own name', () => {
    const context = {
      email: 'jan.kowalski@example.com',
      firstName: 'Jan',
      lastName: 'Kowalski',
      brandName: 'AgroMech',
    };
    for (const password of ['AgroMech2026!', 'kowalski1', 'Jan.Kowalski99', '#careportal#']) {
      expect(passwordProblem(password, context), password).toBe('form.password-context-word');
    }
    expect(passwordProblem('Kowalski ma traktor', context)).toBeNull();
  });

  it('refuses Polish, German and trade words with a few digits, which the 10,000 list misses', () => {
    const context = { email: 'ewa@example.com', firstName: 'Ewa', lastName: 'Nowak', brandName: 'AgroMech' };
    for (const password of [
      'haslo123',
      'polska1',
      'kochamcie',
      'zniwa2026',
      'Zniwa-2026',
      'ciągnik77',
      'Passwort!1',
      'sonnenschein',
      'Landwirt2026',
      'kwiatek1',
      'p4ssw0rd1',
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
      expect(passwordProblem(password, context), password).toBe('form.password-too-common');
    }
  });

  it('accepts the demo password, the passwords tests and seed use, and random ones of 6 characters', () => {
    const context = {
      email: 'jan@example.com',
      firstName: 'Jan',
      lastName: 'Kowalski',
      brandName: 'AgroMech',
    };
    for (const password of [
      'Zniwa-2026-demo',
      'Kombajn-Zniwo-77',
      'Zielone-pole-2026',
      'Nowe-haslo-do-portalu',
      'Nowe-haslo-zniwa-24',
      'Nowe-Haslo-Zniwa-2026',
      'Dobre-haslo-99',
      'Sklep-konto-2026',
      'Jeszcze-inne-haslo-9',
      `Orka-${randomBytes(4).toString('hex')}-2026`,
      'Kowalski ma traktor',
      // Random characters at SPEC's minimum (of 3,000 random ones 8 were refused, each holding a word).
      'xq7#kd',
      'T9v!pZ',
      'm2R$wq',
      '7hQ-4z',
      'bW3_9k',
    ]) {
      expect(passwordProblem(password, context), password).toBeNull();
    }
  });
});
