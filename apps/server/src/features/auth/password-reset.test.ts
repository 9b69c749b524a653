import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authTokens } from '#app/db/schema/sessions.ts';
import { sha256Hex } from '#app/security/tokens.ts';
import {
  awayFromWindowEdge,
  clearOutbox,
  clearRateLimits,
  cookieFor,
  insertUser,
  PASSWORD,
  postJson,
  queuedMail,
  signIn,
  tokenIn,
} from '#app/test/accounts.ts';
import { buildApp } from '#app/app.ts';
import { RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import { parseEnv } from '#app/config/env.ts';
import { createTestApp, createTestDatabase, type TestApp } from '#app/test/app.ts';

const NEW_PASSWORD = 'Nowe-haslo-do-portalu';

describe('password reset', () => {
  let t: TestApp;
  const requestReset = (email: string) => postJson(t.app, '/auth/password-reset', { email });
  /** The mail is made after the answer: wait until it is in the outbox. */
  const requestResetMail = async (email: string) => {
    const before = (await queuedMail(t.database.db, email)).length;
    const res = await requestReset(email);
    await vi.waitFor(async () => expect(await queuedMail(t.database.db, email)).toHaveLength(before + 1));
    return res;
  };
  const resetWith = (token: string, password = NEW_PASSWORD) =>
    postJson(t.app, '/auth/password-reset/confirmation', { token, password });
  const latestToken = async (email: string) => {
    const mails = await queuedMail(t.database.db, email);
    return tokenIn(mails.at(-1)!.text, 'reset-password');
  };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://care.example', BASE_PATH: '' });
    await insertUser(t.database.db, { email: 'jan@example.com', language: 'en' });
    await insertUser(t.database.db, { email: 'pending@example.com', status: 'pending' });
    await insertUser(t.database.db, { email: 'closed@example.com', status: 'deactivated' });
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
    await clearOutbox(t.database.db);
  });

  it('answers the same 202 for an active, an unknown, a pending and a deactivated e-mail', async () => {
    const answers = await Promise.all([
      requestResetMail('jan@example.com'),
      ...['nobody@example.com', 'pending@example.com', 'closed@example.com'].map(requestReset),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe('');
    }
    const mails = await queuedMail(t.database.db);
    expect(mails.map((m) => m.toAddress)).toEqual(['jan@example.com']);
    expect(mails[0]).toMatchObject({ kind: 'reset-password', language: 'en' });
    expect(mails[0]!.text).toMatch(/https:\/\/care\.example\/reset-password\/[A-Za-z0-9_-]{43}/);
  });

  it('takes as long to answer for a registered address as for an unknown one', async () => {
    const email = 'timing@example.com';
    await insertUser(t.database.db, { email });
    const time = async (address: string) => {
      const started = performance.now();
      const res = await requestReset(address);
      const elapsed = performance.now() - started;
      expect(res.statusCode).toBe(202);
      return elapsed;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Pairs taken back to back, compared pair by pair: a busy machine slows both of a pair alike.
    const ratios: number[] = [];
    for (let i = 0; i < 41; i++) {
      await clearRateLimits(t.database.db);
      const mails = (await queuedMail(t.database.db, email)).length;
      const registered = await time(email);
      // The mail made after the answer is not timed, and is not left to slow down the next sample.
      await vi.waitFor(async () => expect(await queuedMail(t.database.db, email)).toHaveLength(mails + 1), {
        interval: 5,
      });
      ratios.push(registered / (await time(`nobody${i}@example.com`)));
    }
    // Before the fix the median pair ratio was 2.0-2.2 on PGlite and PostgreSQL (the token and mail writes
    // before answering); now both are one lookup: 0.9-1.2 measured, also with other test files running.
    const ratio = median(ratios);
    expect(ratio).toBeGreaterThan(0.67);
    expect(ratio).toBeLessThan(1.5);
  });

  it('makes a link valid for one hour', async () => {
    await requestResetMail('jan@example.com');
    const [row] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256Hex(await latestToken('jan@example.com'))));
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000).toBeCloseTo(60, 0);
  });

  it('sets the new password: the new one works, the old one does not, every session ends', async () => {
    const email = 'reset-me@example.com';
    await insertUser(t.database.db, { email });
    const first = await cookieFor(t.app, email);
    const second = await cookieFor(t.app, email);
    await requestResetMail(email);
    const res = await resetWith(await latestToken(email));
    expect(res.statusCode).toBe(204);
    for (const cookie of [first, second]) {
      expect((await t.app.inject({ url: '/api/user/authorities', headers: { cookie } })).statusCode).toBe(
        401,
      );
    }
    expect((await signIn(t.app, email, PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await signIn(t.app, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('works once', async () => {
    const email = 'once@example.com';
    await insertUser(t.database.db, { email });
    await requestResetMail(email);
    const token = await latestToken(email);
    expect((await resetWith(token)).statusCode).toBe(204);
    const again = await resetWith(token, 'Jeszcze-inne-haslo-9');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
    expect((await signIn(t.app, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('voids earlier links when a new one is requested', async () => {
    const email = 'twice@example.com';
    await insertUser(t.database.db, { email });
    await requestResetMail(email);
    const earlier = await latestToken(email);
    await requestResetMail(email);
    const later = await latestToken(email);
    expect((await resetWith(earlier)).json().code).toBe('INVALID_TOKEN');
    expect((await resetWith(later)).statusCode).toBe(204);
  });

  it('refuses an expired link and a forged one', async () => {
    const email = 'late@example.com';
    await insertUser(t.database.db, { email });
    await requestResetMail(email);
    const token = await latestToken(email);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, sha256Hex(token)));
    expect((await resetWith(token)).json().code).toBe('INVALID_TOKEN');
    expect((await resetWith('x'.repeat(43))).json().code).toBe('INVALID_TOKEN');
    expect((await signIn(t.app, email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a common password and keeps the link usable', async () => {
    const email = 'common@example.com';
    await insertUser(t.database.db, { email });
    await requestResetMail(email);
    const token = await latestToken(email);
    const common = await resetWith(token, 'qwerty123');
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual([{ path: 'password', code: 'form.password-too-common' }]);
    const short = await resetWith(token, 'abc12');
    expect(short.json().fields).toEqual([{ path: 'password', code: 'form.min-length' }]);
    expect((await resetWith(token)).statusCode).toBe(204);
  });

  it('accepts a passphrase of 128 characters, used exactly as typed', async () => {
    const email = 'long@example.com';
    await insertUser(t.database.db, { email });
    await requestResetMail(email);
    const passphrase = ` ${'Łąka pełna koniczyny i maków '.repeat(5)}`.slice(0, 128);
    expect(passphrase).toHaveLength(128);
    expect((await resetWith(await latestToken(email), passphrase)).statusCode).toBe(204);
    expect((await signIn(t.app, email, passphrase)).statusCode).toBe(200);
    expect((await signIn(t.app, email, passphrase.trim())).statusCode).toBe(401);
  });

  it('checks a link without using it: usable until used, then refused like an expired, a voided or a forged one', async () => {
    const checkLink = (token: string) => postJson(t.app, '/auth/password-reset/check', { token });
    const email = 'check@example.com';
    await insertUser(t.database.db, { email });
    await requestResetMail(email);
    const earlier = await latestToken(email);
    await requestResetMail(email);
    const token = await latestToken(email);
    for (let i = 0; i < 2; i++) expect((await checkLink(token)).statusCode).toBe(204);
    expect((await resetWith(token)).statusCode, 'checking used nothing').toBe(204);

    const expired = 'expired@example.com';
    await insertUser(t.database.db, { email: expired });
    await requestResetMail(expired);
    const late = await latestToken(expired);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, sha256Hex(late)));
    for (const refused of [token, earlier, late, 'x'.repeat(43)]) {
      const answer = await checkLink(refused);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe('INVALID_TOKEN');
    }
  });

  it('refuses to check the link of an account deactivated after it was sent', async () => {
    const email = 'gone-check@example.com';
    await insertUser(t.database.db, { email });
    await requestResetMail(email);
    const token = await latestToken(email);
    const cookie = await cookieFor(t.app, email);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/deactivation',
      headers: { cookie },
      payload: { password: PASSWORD },
    });
    const answer = await postJson(t.app, '/auth/password-reset/check', { token });
    expect(answer.json().code).toBe('INVALID_TOKEN');
  });

  it('counts link checks with the links opened from one address: 30 per 15 minutes, then 429', async () => {
    await awayFromWindowEdge(RATE_LIMITS.tokenPerIp.timeWindow);
    const checkFrom = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/password-reset/check',
        payload: { token: 'x'.repeat(43) },
        remoteAddress: ip,
      });
    for (let i = 0; i < RATE_LIMITS.tokenPerIp.max - 1; i++) {
      expect((await checkFrom('192.0.2.40')).statusCode).toBe(400);
    }
    const opened = await t.app.inject({
      method: 'POST',
      url: '/auth/password-reset/confirmation',
      payload: { token: 'x'.repeat(43), password: NEW_PASSWORD },
      remoteAddress: '192.0.2.40',
    });
    expect(opened.statusCode, 'one counter with opening links').toBe(400);
    const limited = await checkFrom('192.0.2.40');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not reset the password of an account deactivated after the link was sent', async () => {
    const email = 'gone@example.com';
    await insertUser(t.database.db, { email });
    await requestResetMail(email);
    const token = await latestToken(email);
    const cookie = await cookieFor(t.app, email);
    const deactivated = await t.app.inject({
      method: 'POST',
      url: '/api/user/deactivation',
      headers: { cookie },
      payload: { password: PASSWORD },
    });
    expect(deactivated.statusCode).toBe(204);
    expect((await resetWith(token)).json().code).toBe('INVALID_TOKEN');
  });
});

describe('password reset when the app closes', () => {
  it('finishes a reset mail still being made before the database closes', async () => {
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
    const database = await createTestDatabase();
    let mailsWhenClosed = -1;
    const app = await buildApp({
      env,
      database: {
        ...database,
        async close() {
          mailsWhenClosed = (await queuedMail(database.db)).length;
          await database.close();
        },
      },
    });
    await app.ready();
    await insertUser(database.db, { email: 'closing@example.com' });
    const res = await postJson(app, '/auth/password-reset', { email: 'closing@example.com' });
    expect(res.statusCode).toBe(202);
    await app.close();
    expect(mailsWhenClosed).toBe(1);
  });
});
