import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '#app/config/env.ts';
import {
  b2cPayload,
  clearRateLimits,
  insertMachine,
  insertUser,
  postJson,
  queuedMail,
  registrationPayload,
} from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';

const HMAC_KEY = 'test-captcha-key-0123456789abcdef0123456789';

/** What the ALTCHA widget does in the browser: solve the challenge and post base64 of { challenge, solution }. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('captcha required (CAPTCHA_REQUIRED=true)', () => {
  let t: TestApp;
  const challenge = async (): Promise<Challenge> => {
    const res = await t.app.inject('/auth/captcha');
    expect(res.headers['cache-control']).toBe('no-store');
    const { required, ...rest } = res.json();
    expect(required).toBe(true);
    return rest as Challenge;
  };

  beforeAll(async () => {
    t = await createTestApp({
      CAPTCHA_REQUIRED: 'true',
      CAPTCHA_HMAC_KEY: HMAC_KEY,
      // A small proof of work keeps the test fast; production uses the defaults.
      CAPTCHA_COST: '10',
      CAPTCHA_MAX_NUMBER: '60',
    });
    await insertUser(t.database.db, { email: 'jan@example.com' });
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
  });

  it('accepts a registration whose captcha a browser really solved', async () => {
    await insertMachine(t.database.db, 'CAP-1');
    const res = await postJson(
      t.app,
      '/auth/registration',
      registrationPayload('solved@example.com', 'CAP-1', { captchaResponse: await solve(await challenge()) }),
    );
    expect(res.statusCode).toBe(202);
    expect(await queuedMail(t.database.db, 'solved@example.com')).toHaveLength(1);
  });

  it('refuses a missing captcha on registration, B2C registration and password reset', async () => {
    await insertMachine(t.database.db, 'CAP-2');
    const answers = [
      await postJson(
        t.app,
        '/auth/registration',
        registrationPayload('a@example.com', 'CAP-2', { captchaResponse: '' }),
      ),
      await postJson(
        t.app,
        '/auth/registrationB2C',
        b2cPayload('a@example.com', 'CAP-2', { captchaResponse: '' }),
      ),
      await postJson(t.app, '/auth/password-reset', { email: 'jan@example.com' }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'CAPTCHA_REQUIRED',
        message: expect.any(String),
        fields: [{ path: 'captchaResponse', code: 'form.captcha-required' }],
      });
    }
    expect(await queuedMail(t.database.db, 'a@example.com')).toEqual([]);
    expect(await queuedMail(t.database.db, 'jan@example.com')).toEqual([]);
  });

  it('refuses a forged solution: garbage, a wrong key, a tampered challenge, another server’s signature', async () => {
    const genuine = await challenge();
    const solved = JSON.parse(Buffer.from(await solve(genuine), 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const foreign = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 5,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: 'another-servers-key-0123456789abcdef',
      hmacKeySignatureSecret: 'another-servers-key-signatures-0123456789',
    });
    const forgeries = [
      'not base64 json',
      encode({ challenge: genuine, solution: { counter: 0, derivedKey: '00'.repeat(32) } }),
      encode({
        ...solved,
        challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, cost: 1 } },
      }),
      await solve(foreign),
    ];
    for (const forged of forgeries) {
      const res = await postJson(t.app, '/auth/password-reset', {
        email: 'jan@example.com',
        captchaResponse: forged,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CAPTCHA_REQUIRED');
    }
    // The genuine solution still works once…
    const ok = await postJson(t.app, '/auth/password-reset', {
      email: 'jan@example.com',
      captchaResponse: encode(solved),
    });
    expect(ok.statusCode).toBe(202);
    // …and only once.
    const replay = await postJson(t.app, '/auth/password-reset', {
      email: 'jan@example.com',
      captchaResponse: encode(solved),
    });
    expect(replay.json().code).toBe('CAPTCHA_REQUIRED');
  });

  it('refuses a solution of an expired challenge', async () => {
    const expired = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 5,
      deriveKey,
      expiresAt: new Date(Date.now() - 1000),
      hmacSignatureSecret: HMAC_KEY,
      hmacKeySignatureSecret: createHmac('sha256', HMAC_KEY).update('altcha-key-signature').digest('hex'),
    });
    const res = await postJson(t.app, '/auth/password-reset', {
      email: 'jan@example.com',
      captchaResponse: await solve(expired),
    });
    expect(res.json().code).toBe('CAPTCHA_REQUIRED');
  });
});

describe('captcha not required (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('skips the check but still offers a challenge the widget can solve', async () => {
    await insertMachine(t.database.db, 'CAP-9');
    const res = await postJson(
      t.app,
      '/auth/registration',
      registrationPayload('free@example.com', 'CAP-9', { captchaResponse: '' }),
    );
    expect(res.statusCode).toBe(202);
    const offered = (await t.app.inject('/auth/captcha')).json();
    expect(offered).toMatchObject({
      required: false,
      parameters: { algorithm: 'PBKDF2/SHA-256' },
      signature: expect.any(String),
    });
  });
});

describe('captcha configuration', () => {
  it('refuses to start with CAPTCHA_REQUIRED=true but no CAPTCHA_HMAC_KEY', () => {
    expect(() => parseEnv({ CAPTCHA_REQUIRED: 'true' })).toThrow(/CAPTCHA_HMAC_KEY/);
    expect(() => parseEnv({ CAPTCHA_REQUIRED: 'true', CAPTCHA_HMAC_KEY: 'too-short' })).toThrow(
      /CAPTCHA_HMAC_KEY/,
    );
    expect(parseEnv({ CAPTCHA_REQUIRED: 'true', CAPTCHA_HMAC_KEY: HMAC_KEY }).CAPTCHA_HMAC_KEY).toBe(
      HMAC_KEY,
    );
  });

  it('generates a random key per start when the captcha is only offered', () => {
    const first = parseEnv({}).CAPTCHA_HMAC_KEY;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(parseEnv({}).CAPTCHA_HMAC_KEY).not.toBe(first);
  });
});
