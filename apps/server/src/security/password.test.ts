import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password.ts';
import { isCommonPassword, passwordProblem } from './password-policy.ts';

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
});
