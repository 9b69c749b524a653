import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '#app/db/schema/sessions.ts';
import { users } from '#app/db/schema/users.ts';
import { hashPassword, PASSWORD_HASH_OPTIONS } from '#app/security/password.ts';
import {
  clearRateLimits,
  cookieFor,
  insertUser,
  nextIp,
  PASSWORD,
  sessionCookieOf,
  signIn,
  userByEmail,
} from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';

describe('sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertUser(t.database.db, { email: 'jan@example.com', firstName: 'Jan' });
    await insertUser(t.database.db, { email: 'pending@example.com', status: 'pending' });
    await insertUser(t.database.db, { email: 'closed@example.com', status: 'deactivated' });
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
  });

  const me = (cookie: string) => t.app.inject({ url: '/api/user/extended-details', headers: { cookie } });

  it('signs a customer in with the right password and answers the user', async () => {
    const res = await signIn(t.app, '  JAN@example.com ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      email: 'jan@example.com',
      firstName: 'Jan',
      lastName: 'Kowalski',
      role: 'customer',
      language: 'pl',
    });
    expect((await me(sessionCookieOf(res))).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await signIn(t.app, 'jan@example.com', 'Wrong-password-1');
    const unknown = await signIn(t.app, 'nobody@example.com', 'Wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    expect(wrong.cookies).toEqual([]);
  });

  it('takes as long to refuse an unknown e-mail as a wrong password', async () => {
    const time = async (username: string) => {
      const started = performance.now();
      await signIn(t.app, username, 'Wrong-password-1');
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      wrong.push(await time('jan@example.com'));
      unknown.push(await time(`nobody${i}@example.com`));
    }
    // Both verify one argon2id hash (tens of milliseconds); without the dummy hash the unknown e-mail takes ~1 ms.
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('tells an unconfirmed account with the right password to confirm the e-mail', async () => {
    const right = await signIn(t.app, 'pending@example.com');
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('EMAIL_NOT_CONFIRMED');
    expect(right.cookies).toEqual([]);
    const wrong = await signIn(t.app, 'pending@example.com', 'Wrong-password-1');
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a deactivated account like a wrong password', async () => {
    const res = await signIn(t.app, 'closed@example.com');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a sign-in password of 4 characters or fewer before checking it', async () => {
    const res = await signIn(t.app, 'jan@example.com', '1234');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'password', code: 'form.wrong-password' }]);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie holding a 256-bit token of which only the hash is stored', async () => {
    const res = await signIn(t.app, 'jan@example.com');
    const cookie = res.cookies.find((c) => c.name === 'care_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.maxAge).toBeUndefined();
    expect(Buffer.from(cookie.value, 'base64url')).toHaveLength(32);
    // Only the Set-Cookie header carries the token, never the body.
    expect(res.body).not.toContain(cookie.value);
    const rows = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.map((r) => r.tokenHash)).not.toContain(cookie.value);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('keeps a remember-me session for 30 days with a persistent cookie', async () => {
    const res = await signIn(t.app, 'jan@example.com', PASSWORD, true);
    const cookie = res.cookies.find((c) => c.name === 'care_session')!;
    expect(cookie.maxAge).toBe(30 * 86_400);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.remember, true))
      .orderBy(sql`${sessions.id} DESC`)
      .limit(1);
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 1);
  });

  it('issues a new token at every sign-in and ends the session the browser carried', async () => {
    const first = await cookieFor(t.app, 'jan@example.com');
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { cookie: first },
      payload: { username: 'jan@example.com', password: PASSWORD, remember: false },
      remoteAddress: nextIp(),
    });
    const second = sessionCookieOf(again);
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('signs out: the session ends, the cookie is cleared, the old cookie no longer works', async () => {
    const cookie = await cookieFor(t.app, 'jan@example.com');
    const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'care_session')!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('answers sign-out without a session with 204 too', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(204);
  });

  it('ends a session idle for longer than 30 minutes', async () => {
    const cookie = await cookieFor(t.app, 'jan@example.com');
    const userId = (await userByEmail(t.database.db, 'jan@example.com'))!.id;
    await t.database.db
      .update(sessions)
      .set({
        lastSeenAt: sql`now() - interval '31 minutes'`,
        idleExpiresAt: sql`now() - interval '1 minute'`,
      })
      .where(eq(sessions.userId, userId));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('pushes the idle expiry forward while the session is used', async () => {
    const cookie = await cookieFor(t.app, 'jan@example.com');
    const userId = (await userByEmail(t.database.db, 'jan@example.com'))!.id;
    await t.database.db
      .update(sessions)
      .set({
        lastSeenAt: sql`now() - interval '20 minutes'`,
        idleExpiresAt: sql`now() + interval '10 minutes'`,
      })
      .where(eq(sessions.userId, userId));
    expect((await me(cookie)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ idle: sessions.idleExpiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(sql`${sessions.idleExpiresAt} DESC`)
      .limit(1);
    expect(row!.idle.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('ends a session after 12 hours however active it is', async () => {
    const cookie = await cookieFor(t.app, 'jan@example.com');
    const userId = (await userByEmail(t.database.db, 'jan@example.com'))!.id;
    await t.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '12 hours'`, expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, userId));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('rehashes a password stored with older argon2 parameters at the next sign-in', async () => {
    const email = 'old-hash@example.com';
    const id = await insertUser(t.database.db, { email });
    const { hash } = await import('@node-rs/argon2');
    const old = await hash(PASSWORD, { ...PASSWORD_HASH_OPTIONS, memoryCost: 4096, timeCost: 3 });
    await t.database.db.update(users).set({ passwordHash: old }).where(eq(users.id, id));
    expect((await signIn(t.app, email)).statusCode).toBe(200);
    const stored = (await userByEmail(t.database.db, email))!.passwordHash;
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await signIn(t.app, email)).statusCode).toBe(200);
    expect(await hashPassword(PASSWORD)).not.toBe(stored);
  });
});

describe('sign-in in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://care.agromech.example' });
    await insertUser(t.database.db, { email: 'jan@example.com' });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('names the cookie __Host-care_session and marks it Secure', async () => {
    const res = await signIn(t.app, 'jan@example.com');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === '__Host-care_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(cookie.domain).toBeUndefined();
    const me = await t.app.inject({
      url: '/api/user/authorities',
      headers: { cookie: sessionCookieOf(res) },
    });
    expect(me.statusCode).toBe(200);
  });
});

describe('cross-site requests to sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertUser(t.database.db, { email: 'jan@example.com' });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('refuses an HTML form posted from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=jan%40example.com&password=${PASSWORD}&remember=false`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ORIGIN_NOT_ALLOWED');
    expect(res.cookies).toEqual([]);
  });

  it('refuses a form post even from the same origin: only JSON and multipart change state', async () => {
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { origin: 'http://localhost:3000', 'content-type': type },
        payload: 'username=jan%40example.com',
      });
      expect(res.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(res.cookies).toEqual([]);
    }
  });

  it('refuses a cross-site request that hides its origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      payload: { username: 'jan@example.com', password: PASSWORD, remember: false },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the portal itself', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: { username: 'jan@example.com', password: PASSWORD, remember: false },
    });
    expect(res.statusCode).toBe(200);
  });
});
