import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/db/schema/audit.ts';
import { clearRateLimits, insertUser, postJson, sessionCookieOf, signIn } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { undeclaredAuditEntries } from '#app/test/audit.ts';
import { SoftAuthenticator } from '#app/test/webauthn.ts';

const ORIGIN = 'https://portal.example';

/** Passkeys: registration and authentication ceremonies with a software authenticator (real signatures). */
describe('passkeys', () => {
  let t: TestApp;
  const key = new SoftAuthenticator(ORIGIN, 'portal.example');
  const stranger = new SoftAuthenticator(ORIGIN, 'portal.example');
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: ORIGIN });
    await insertUser(t.database.db, { email: 'serwis@agromech.example', role: 'service' });
    await insertUser(t.database.db, { email: 'jan@example.com' });
  });
  afterAll(() => t.app.close());
  beforeEach(() => clearRateLimits(t.database.db));

  const passwordSignIn = async (email: string) => sessionCookieOf(await signIn(t.app, email));

  async function register(cookie: string, authenticator: SoftAuthenticator, name: string, origin = ORIGIN) {
    const options = (await send('POST', '/api/user/mfa/passkeys/options', cookie)).json();
    expect(options.rp.id).toBe('portal.example');
    expect(options.authenticatorSelection.residentKey).toBe('required');
    return send('POST', '/api/user/mfa/passkeys', cookie, {
      name,
      response: authenticator.register(options, origin),
    });
  }

  it('registers a passkey in settings, names it, and gives recovery codes with the first factor', async () => {
    const cookie = await passwordSignIn('serwis@agromech.example');
    const wrongSite = await register(
      cookie,
      new SoftAuthenticator('https://evil.example', 'portal.example'),
      'Evil',
      'https://evil.example',
    );
    expect(wrongSite.statusCode).toBe(400);
    expect(wrongSite.json().code).toBe('PASSKEY_NOT_VERIFIED');

    const added = await register(cookie, key, 'Laptop');
    expect(added.statusCode).toBe(200);
    expect(added.json().recoveryCodes).toHaveLength(10);
    const status = (await send('GET', '/api/user/mfa', cookie)).json();
    expect(status.passkeys).toEqual([expect.objectContaining({ name: 'Laptop', lastUsedAt: null })]);
    expect(status.recoveryCodesLeft).toBe(10);

    const renamed = await send('PUT', `/api/user/mfa/passkeys/${status.passkeys[0].id}`, cookie, {
      name: 'Work laptop',
    });
    expect(renamed.statusCode).toBe(204);
    expect((await send('GET', '/api/user/mfa', cookie)).json().passkeys[0].name).toBe('Work laptop');
    const kinds = (await t.database.db.select().from(auditLog)).map((row) => row.kind);
    expect(kinds).toEqual(expect.arrayContaining(['auth.passkey-added', 'auth.recovery-codes']));
  });

  it('signs in with the passkey alone (no e-mail asked); the same answer twice is refused', async () => {
    const options = (await postJson(t.app, '/auth/passkey/options', {})).json();
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = key.authenticate(options);
    const res = await postJson(t.app, '/auth/passkey/sign-in', { response: answer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'serwis@agromech.example', role: 'service' });
    expect(res.json().secondFactor).toBeUndefined();
    const cookie = sessionCookieOf(res);
    expect((await send('GET', '/api/staff/service-requests', cookie)).statusCode).toBe(200);

    const replay = await postJson(t.app, '/auth/passkey/sign-in', { response: answer });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('INVALID_SECOND_FACTOR');
  });

  it('refuses an answer without user verification or from another origin', async () => {
    const unverified = key.authenticate((await postJson(t.app, '/auth/passkey/options', {})).json(), {
      userVerified: false,
    });
    expect((await postJson(t.app, '/auth/passkey/sign-in', { response: unverified })).statusCode).toBe(400);
    const elsewhere = key.authenticate((await postJson(t.app, '/auth/passkey/options', {})).json(), {
      origin: 'https://evil.example',
    });
    expect((await postJson(t.app, '/auth/passkey/sign-in', { response: elsewhere })).statusCode).toBe(400);
  });

  it('asks for the passkey after the password; until then the session reaches nothing', async () => {
    const login = await signIn(t.app, 'serwis@agromech.example');
    expect(login.json().secondFactor).toBe('verify');
    const cookie = sessionCookieOf(login);
    const held = await send('GET', '/api/staff/service-requests', cookie);
    expect(held.statusCode).toBe(403);
    expect(held.json().code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await send('GET', '/api/user/mfa', cookie)).json().code).toBe('SECOND_FACTOR_REQUIRED');

    const options = (await send('POST', '/auth/second-factor/options', cookie)).json();
    expect(options.totp).toBe(false);
    expect(options.passkey.allowCredentials).toHaveLength(1);
    // Another account's passkey is no second factor for this one.
    const janCookie = await passwordSignIn('jan@example.com');
    expect((await register(janCookie, stranger, 'Phone')).statusCode).toBe(200);
    const wrong = await send('POST', '/auth/second-factor', cookie, {
      method: 'passkey',
      response: stranger.authenticate(options.passkey),
    });
    expect(wrong.json().code).toBe('INVALID_SECOND_FACTOR');

    const fresh = (await send('POST', '/auth/second-factor/options', cookie)).json();
    const done = await send('POST', '/auth/second-factor', cookie, {
      method: 'passkey',
      response: key.authenticate(fresh.passkey),
    });
    expect(done.statusCode).toBe(204);
    expect((await send('GET', '/api/staff/service-requests', cookie)).statusCode).toBe(200);
  });

  it("removes a passkey with the password; another account's passkey is not found", async () => {
    const cookie = await passwordSignInComplete();
    const [mine] = (await send('GET', '/api/user/mfa', cookie)).json().passkeys;
    const janCookie = await passwordSignInComplete('jan@example.com', stranger);
    const foreign = await send('POST', `/api/user/mfa/passkeys/${mine.id}/removal`, janCookie, {
      password: 'Kombajn-Zniwo-77',
    });
    expect(foreign.statusCode).toBe(404);
    const wrongPassword = await send('POST', `/api/user/mfa/passkeys/${mine.id}/removal`, cookie, {
      password: 'wrong-one',
    });
    expect(wrongPassword.json().fields[0]).toMatchObject({
      path: 'password',
      code: 'form.password-incorrect',
    });
    const removed = await send('POST', `/api/user/mfa/passkeys/${mine.id}/removal`, cookie, {
      password: 'Kombajn-Zniwo-77',
    });
    expect(removed.statusCode).toBe(204);
    const status = (await send('GET', '/api/user/mfa', cookie)).json();
    expect(status).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
    expect((await signIn(t.app, 'serwis@agromech.example')).json().secondFactor).toBeUndefined();
  });

  async function passwordSignInComplete(email = 'serwis@agromech.example', authenticator = key) {
    const cookie = await passwordSignIn(email);
    const options = (await send('POST', '/auth/second-factor/options', cookie)).json();
    const done = await send('POST', '/auth/second-factor', cookie, {
      method: 'passkey',
      response: authenticator.authenticate(options.passkey),
    });
    expect(done.statusCode).toBe(204);
    return cookie;
  }

  // Last: checks what every test above wrote (test/audit.ts).
  it('writes only audit fields, values and reasons the contract declares, so the admin screen labels them all', async () => {
    expect(await undeclaredAuditEntries(t.database.db)).toEqual([]);
  });
});
