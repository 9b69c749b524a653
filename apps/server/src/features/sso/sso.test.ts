import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '#app/config/env.ts';
import { auditLog } from '#app/db/schema/audit.ts';
import { userOidcIdentities } from '#app/db/schema/sso.ts';
import { authTokens } from '#app/db/schema/sessions.ts';
import {
  clearRateLimits,
  insertUser,
  postJson,
  queuedMail,
  sessionCookieOf,
  signIn,
  userByEmail,
} from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { undeclaredAuditEntries } from '#app/test/audit.ts';
import { ssoSignIn } from '#app/test/oidc-flow.ts';
import {
  type OidcTestAccount,
  type OidcTestProvider,
  startOidcTestProvider,
} from '#app/test/oidc-provider.ts';
import { roleForGroups } from './sso-settings.ts';

const person = (email: string, groups: string[]): OidcTestAccount => ({
  email,
  givenName: 'Ewa',
  familyName: 'Nowak',
  groups,
});

/** The people at the test provider; a test may move one between groups (the provider reads this at every sign-in). */
const accounts: Record<string, OidcTestAccount> = {
  ewa: person('ewa.serwis@agromech.example', ['staff', 'care-service']),
  piotr: person('piotr@agromech.example', ['care-sales']),
  nobody: person('nobody@agromech.example', ['staff', 'accounting']),
  customer: person('jan@example.com', ['care-service']),
  existing: person('Marek.Staff@agromech.example', ['care-admins']),
  disabled: person('off@agromech.example', ['care-service']),
};

describe('staff single sign-on (OpenID Connect, against a real provider)', () => {
  let provider: OidcTestProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startOidcTestProvider({
      port: 0,
      clientId: 'care-portal',
      clientSecret: 'care-portal-test-secret',
      redirectUris: ['http://localhost:3000/auth/sso/callback'],
      accounts,
    });
    t = await createTestApp({
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: 'care-portal',
      OIDC_CLIENT_SECRET: 'care-portal-test-secret',
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_ROLE_GROUPS: 'service=care-service,sales=care-sales,admin=care-admins',
      STAFF_PASSWORD_SIGN_IN: 'false',
    });
    await insertUser(t.database.db, { email: 'jan@example.com' });
    await insertUser(t.database.db, { email: 'marek.staff@agromech.example', role: 'service' });
    await insertUser(t.database.db, {
      email: 'off@agromech.example',
      role: 'service',
      status: 'deactivated',
    });
    await insertUser(t.database.db, { email: 'serwis@agromech.example', role: 'service' });
  });
  afterAll(async () => {
    await t.app.close();
    await provider.close();
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
  });

  const me = (cookie: string) => t.app.inject({ url: '/api/user/extended-details', headers: { cookie } });
  const lastAudit = async (kind: 'auth.sign-in' | 'auth.sign-in-failed') => {
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.kind, kind))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  };

  it('signs a new employee in through the code flow, creating a service account from the group', async () => {
    const { callback } = await ssoSignIn(t.app, 'ewa');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/?sso=signed-in');
    const user = (await me(sessionCookieOf(callback))).json();
    expect(user).toMatchObject({ email: 'ewa.serwis@agromech.example', role: 'service', firstName: 'Ewa' });
    const [identity] = await t.database.db
      .select()
      .from(userOidcIdentities)
      .where(eq(userOidcIdentities.userId, Number(user.id)));
    expect(identity).toMatchObject({ issuer: provider.issuer, subject: 'ewa' });
    expect(await lastAudit('auth.sign-in')).toMatchObject({
      actorId: Number(user.id),
      subjectId: user.id,
      before: null,
      after: { method: 'sso', role: 'service', status: 'active', accountCreated: true },
    });
  });

  it('gives the role the groups map to, and follows the groups at every sign-in', async () => {
    const first = await ssoSignIn(t.app, 'piotr');
    expect((await me(sessionCookieOf(first.callback))).json().role).toBe('sales');
    accounts.piotr!.groups = ['care-sales', 'care-admins'];
    const second = await ssoSignIn(t.app, 'piotr');
    expect((await me(sessionCookieOf(second.callback))).json().role).toBe('admin');
    expect(await lastAudit('auth.sign-in')).toMatchObject({
      before: { role: 'sales' },
      after: { method: 'sso', role: 'admin' },
    });
  });

  it('refuses a person whose groups map to no role, with a reason for the page, and makes no account', async () => {
    const { callback } = await ssoSignIn(t.app, 'nobody');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/?sso-error=SSO_NO_ROLE');
    expect(callback.cookies.find((c) => c.name === 'care_session')).toBeUndefined();
    expect(await userByEmail(t.database.db, 'nobody@agromech.example')).toBeUndefined();
    expect(await lastAudit('auth.sign-in-failed')).toMatchObject({ reason: 'SSO_NO_ROLE' });
  });

  it("refuses an answer that does not belong to this browser's sign-in (wrong state) or comes without one", async () => {
    const other = await t.app.inject({ url: '/auth/sso/start' });
    const cookie = other.cookies.find((c) => c.name === 'care_sso')!;
    const { callback, callbackUrl } = await ssoSignIn(t.app, 'ewa', {
      flowCookie: `care_sso=${cookie.value}`,
    });
    expect(callback.headers.location).toBe('/?sso-error=SSO_FAILED');
    expect(callback.cookies.find((c) => c.name === 'care_session')).toBeUndefined();
    const replay = await t.app.inject({ url: callbackUrl });
    expect(replay.headers.location).toBe('/?sso-error=SSO_FAILED');
  });

  it('never links a customer account; links an existing staff account by e-mail; refuses a disabled one', async () => {
    const customer = await ssoSignIn(t.app, 'customer');
    expect(customer.callback.headers.location).toBe('/?sso-error=SSO_ACCOUNT_CONFLICT');
    expect((await userByEmail(t.database.db, 'jan@example.com'))!.role).toBe('customer');

    const existing = await ssoSignIn(t.app, 'existing');
    const user = (await me(sessionCookieOf(existing.callback))).json();
    expect(user).toMatchObject({ email: 'marek.staff@agromech.example', role: 'admin' });
    const [linked] = await t.database.db
      .select()
      .from(userOidcIdentities)
      .where(and(eq(userOidcIdentities.issuer, provider.issuer), eq(userOidcIdentities.subject, 'existing')));
    expect(linked!.userId).toBe(Number(user.id));

    const disabled = await ssoSignIn(t.app, 'disabled');
    expect(disabled.callback.headers.location).toBe('/?sso-error=SSO_ACCOUNT_DISABLED');
  });

  it('refuses password sign-in to staff when it is turned off; customers keep their passwords', async () => {
    const staff = await signIn(t.app, 'serwis@agromech.example');
    expect(staff.statusCode).toBe(403);
    expect(staff.json().code).toBe('PASSWORD_SIGN_IN_DISABLED');
    expect(staff.cookies.find((c) => c.name === 'care_session')).toBeUndefined();
    expect((await signIn(t.app, 'jan@example.com')).statusCode).toBe(200);
  });

  it('answers a staff password reset with how to sign in, not a link to a password they could not use', async () => {
    const db = t.database.db;
    const resetMail = async (email: string) => {
      expect((await postJson(t.app, '/auth/password-reset', { email })).statusCode).toBe(202);
      await vi.waitFor(async () => expect(await queuedMail(db, email)).toHaveLength(1));
      return (await queuedMail(db, email))[0]!;
    };
    const staff = await resetMail('serwis@agromech.example');
    expect(staff.kind).toBe('sso-only');
    expect(staff.subject).toBe('Logowanie do portalu AgroMech');
    expect(staff.text).toContain('Pracownicy: zaloguj się przez SSO');
    expect(staff.text).not.toContain('/reset-password/');
    expect(await db.select().from(authTokens).where(eq(authTokens.purpose, 'reset_password'))).toEqual([]);
    // A customer still gets the link.
    const customer = await resetMail('jan@example.com');
    expect(customer.kind).toBe('reset-password');
    expect(customer.text).toContain('/reset-password/');
  });

  // Last: checks what every test above wrote (test/audit.ts).
  it('writes only audit fields, values and reasons the contract declares, so the admin screen labels them all', async () => {
    expect(await undeclaredAuditEntries(t.database.db)).toEqual([]);
  });
});

describe('group to role mapping', () => {
  const groups = new Map([
    ['care-service', 'service'],
    ['care-sales', 'sales'],
    ['care-admins', 'admin'],
  ] as const);
  it('takes the strongest role of the groups, from a list or a single string, and none for anything else', () => {
    expect(roleForGroups(['care-sales', 'care-service'], groups)).toBe('service');
    expect(roleForGroups(['care-sales', 'care-admins'], groups)).toBe('admin');
    expect(roleForGroups('care-sales', groups)).toBe('sales');
    expect(roleForGroups(['other'], groups)).toBeNull();
    expect(roleForGroups(undefined, groups)).toBeNull();
    expect(roleForGroups({ 'care-admins': true }, groups)).toBeNull();
  });

  it('is configured completely or not at all', () => {
    expect(() => parseEnv({ OIDC_ISSUER_URL: 'https://login.example' })).toThrow(
      /OIDC_CLIENT_ID[\s\S]*OIDC_CLIENT_SECRET[\s\S]*OIDC_ROLE_GROUPS/,
    );
    expect(() => parseEnv({ STAFF_PASSWORD_SIGN_IN: 'false' })).toThrow(/STAFF_PASSWORD_SIGN_IN/);
    expect(() => parseEnv({ OIDC_ROLE_GROUPS: 'boss=care-admins' })).toThrow(/OIDC_ROLE_GROUPS/);
  });
});
