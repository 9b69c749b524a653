import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/db/schema/audit.ts';
import { RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import {
  awayFromWindowEdge,
  clearRateLimits,
  insertUser,
  PASSWORD,
  sessionCookieOf,
  signIn,
} from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { undeclaredAuditEntries } from '#app/test/audit.ts';

/** A code of the time step `steps` from now (otplib computes it as an authenticator app would). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** TOTP, recovery codes and the admin's requirement of a second factor for staff. */
describe('TOTP, recovery codes and the staff requirement', () => {
  let t: TestApp;
  let admin: string;
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const kindsOf = async (email: string) =>
    (
      await t.database.db.select().from(auditLog).where(eq(auditLog.subjectLabel, email)).orderBy(auditLog.id)
    ).map((r) => r.kind);

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://portal.example' });
    for (const [email, role] of [
      ['admin@agromech.example', 'admin'],
      ['serwis@agromech.example', 'service'],
      ['czesci@agromech.example', 'sales'],
      ['jan@example.com', 'customer'],
    ] as const) {
      await insertUser(t.database.db, { email, role });
    }
    admin = sessionCookieOf(await signIn(t.app, 'admin@agromech.example'));
  });
  afterAll(() => t.app.close());
  beforeEach(() => clearRateLimits(t.database.db));

  let secret = '';
  let recovery: string[] = [];

  it('sets up TOTP with a QR code, confirms it with a code and gives recovery codes once', async () => {
    const jan = sessionCookieOf(await signIn(t.app, 'jan@example.com'));
    const setup = (await send('POST', '/api/user/mfa/totp', jan)).json();
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(setup.uri).toContain('otpauth://totp/');
    secret = setup.secret;
    const wrong = await send('POST', '/api/user/mfa/totp/confirmation', jan, { code: '000000' });
    expect(wrong.json().code).toBe('INVALID_SECOND_FACTOR');
    const confirmed = await send('POST', '/api/user/mfa/totp/confirmation', jan, {
      code: await codeAt(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    recovery = confirmed.json().recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect(recovery[0]).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect((await send('GET', '/api/user/mfa', jan)).json()).toMatchObject({
      totp: true,
      recoveryCodesLeft: 10,
    });
    // The password sign-in before it is audited too (features/auth).
    expect(await kindsOf('jan@example.com')).toEqual([
      'auth.sign-in',
      'auth.second-factor',
      'auth.recovery-codes',
    ]);
  });

  it('asks a customer with TOTP for a code at sign-in; a code counts once per time step', async () => {
    const login = await signIn(t.app, 'jan@example.com');
    expect(login.json().secondFactor).toBe('verify');
    const cookie = sessionCookieOf(login);
    expect((await send('GET', '/api/user/details', cookie)).json().code).toBe('SECOND_FACTOR_REQUIRED');
    // The step of the set-up code is used up; the next one is taken, once.
    const used = await send('POST', '/auth/second-factor', cookie, {
      method: 'totp',
      code: await codeAt(secret),
    });
    expect(used.json().code).toBe('INVALID_SECOND_FACTOR');
    const next = await codeAt(secret, 1);
    expect(
      (await send('POST', '/auth/second-factor', cookie, { method: 'totp', code: next })).statusCode,
    ).toBe(204);
    expect((await send('GET', '/api/user/details', cookie)).statusCode).toBe(200);

    const again = sessionCookieOf(await signIn(t.app, 'jan@example.com'));
    const replay = await send('POST', '/auth/second-factor', again, { method: 'totp', code: next });
    expect(replay.json().code).toBe('INVALID_SECOND_FACTOR');
  });

  it('takes each recovery code once; new codes void the old ones', async () => {
    const first = sessionCookieOf(await signIn(t.app, 'jan@example.com'));
    const code = recovery[0]!.toLowerCase();
    expect((await send('POST', '/auth/second-factor', first, { method: 'recovery', code })).statusCode).toBe(
      204,
    );
    expect((await send('GET', '/api/user/mfa', first)).json().recoveryCodesLeft).toBe(9);
    const second = sessionCookieOf(await signIn(t.app, 'jan@example.com'));
    expect((await send('POST', '/auth/second-factor', second, { method: 'recovery', code })).statusCode).toBe(
      400,
    );

    const renewed = await send('POST', '/api/user/mfa/recovery-codes', first, { password: PASSWORD });
    expect(renewed.json().recoveryCodes).toHaveLength(10);
    const old = await send('POST', '/auth/second-factor', second, { method: 'recovery', code: recovery[1] });
    expect(old.json().code).toBe('INVALID_SECOND_FACTOR');
    recovery = renewed.json().recoveryCodes;
    const fresh = recovery[0];
    expect(
      (await send('POST', '/auth/second-factor', second, { method: 'recovery', code: fresh })).statusCode,
    ).toBe(204);
  });

  it('limits failed second-factor attempts per account', async () => {
    await awayFromWindowEdge(RATE_LIMITS.secondFactorPerAccount.timeWindow);
    const cookie = sessionCookieOf(await signIn(t.app, 'jan@example.com'));
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.secondFactorPerAccount.max; i += 1) {
      statuses.push(
        (await send('POST', '/auth/second-factor', cookie, { method: 'totp', code: '000000' })).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
  });

  it('lets only admins read and change the requirement, with an audit entry', async () => {
    const serwis = sessionCookieOf(await signIn(t.app, 'serwis@agromech.example'));
    expect(
      (await send('PUT', '/api/admin/security', serwis, { requireStaffSecondFactor: true })).statusCode,
    ).toBe(403);
    expect((await send('GET', '/api/admin/security', admin)).json()).toEqual({
      requireStaffSecondFactor: false,
    });
    const on = await send('PUT', '/api/admin/security', admin, { requireStaffSecondFactor: true });
    expect(on.json()).toEqual({ requireStaffSecondFactor: true });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.kind, 'settings.changed'));
    expect(entry).toMatchObject({
      actorLabel: 'admin@agromech.example',
      before: { requireStaffSecondFactor: false },
      after: { requireStaffSecondFactor: true },
    });
  });

  it('holds staff without a factor at the set-up step, on every staff endpoint, until they set one up', async () => {
    const login = await signIn(t.app, 'serwis@agromech.example');
    expect(login.json().secondFactor).toBe('setup');
    const cookie = sessionCookieOf(login);
    for (const url of ['/api/staff/service-requests', '/api/user/details']) {
      const held = await send('GET', url, cookie);
      expect(held.statusCode, url).toBe(403);
      expect(held.json().code).toBe('SECOND_FACTOR_SETUP_REQUIRED');
    }
    // The second-factor step is not the set-up step.
    expect((await send('POST', '/auth/second-factor/options', cookie)).statusCode).toBe(401);
    expect((await send('GET', '/api/user/mfa', cookie)).json().required).toBe(true);
    const setup = (await send('POST', '/api/user/mfa/totp', cookie)).json();
    const done = await send('POST', '/api/user/mfa/totp/confirmation', cookie, {
      code: await codeAt(setup.secret),
    });
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect((await send('GET', '/api/staff/service-requests', cookie)).statusCode).toBe(200);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectLabel, 'serwis@agromech.example'));
    expect(entries.map((e) => e.after)).toContainEqual({ requirementMet: 'set-up' });

    // The last factor of a staff member held to one cannot go.
    const last = await send('POST', '/api/user/mfa/totp/removal', cookie, { password: PASSWORD });
    expect(last.json().code).toBe('LAST_SECOND_FACTOR');
  });

  it('turns TOTP off with the password (a customer may have none)', async () => {
    const cookie = sessionCookieOf(await signIn(t.app, 'jan@example.com'));
    await send('POST', '/auth/second-factor', cookie, { method: 'recovery', code: recovery[1] });
    const off = await send('POST', '/api/user/mfa/totp/removal', cookie, { password: PASSWORD });
    expect(off.statusCode).toBe(204);
    expect((await send('GET', '/api/user/mfa', cookie)).json()).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
    });
    expect((await signIn(t.app, 'jan@example.com')).json().secondFactor).toBeUndefined();
  });

  // Last: checks what every test above wrote (test/audit.ts).
  it('writes only audit fields, values and reasons the contract declares, so the admin screen labels them all', async () => {
    expect(await undeclaredAuditEntries(t.database.db)).toEqual([]);
  });
});
