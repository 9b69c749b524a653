import { and, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '#app/cli/create-user.ts';
import { auditLog } from '#app/db/schema/audit.ts';
import { authTokens } from '#app/db/schema/sessions.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import {
  clearOutbox,
  clearRateLimits,
  cookieFor,
  insertUser,
  nextIp,
  postJson,
  queuedMail,
  registrationPayload,
  signIn,
  userByEmail,
} from '#app/test/accounts.ts';
import { undeclaredAuditEntries } from '#app/test/audit.ts';

const NEW_PASSWORD = 'Traktor-w-polu-2026';

/** The token of the set-password link in a message. */
function setPasswordToken(text: string): string {
  const match = /\/set-password\/([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no set-password link in: ${text}`);
  return match[1]!;
}

describe('staff accounts (issue 15)', () => {
  let t: TestApp;
  let admin: string;
  const ids = { admin: 0, service: 0, sales: 0, customer: 0 };

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie }, remoteAddress: nextIp() });
  const create = (body: Record<string, string>, cookie = admin) =>
    call('POST', '/api/admin/staff-accounts', cookie, {
      firstName: 'Anna',
      lastName: 'Nowak',
      role: 'service',
      language: 'pl',
      ...body,
    });
  const latestToken = async (email: string) =>
    setPasswordToken((await queuedMail(t.database.db, email)).at(-1)!.text);
  const setPassword = (token: string, password = NEW_PASSWORD) =>
    postJson(t.app, '/auth/set-password', { token, password });
  const checkLink = (token: string) => postJson(t.app, '/auth/set-password/check', { token });
  const audits = (subjectId: number, kind?: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.subjectId, String(subjectId)), kind ? eq(auditLog.kind, kind as never) : undefined),
      )
      .orderBy(desc(auditLog.id));
  const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://care.example', BASE_PATH: '' });
    const db = t.database.db;
    ids.admin = await insertUser(db, { email: 'admin@example.com', role: 'admin', lastName: 'Adamska' });
    ids.service = await insertUser(db, { email: 'serwis@example.com', role: 'service', lastName: 'Łęcki' });
    ids.sales = await insertUser(db, { email: 'czesci@example.com', role: 'sales', lastName: 'Zając' });
    ids.customer = await insertUser(db, { email: 'klient@example.com', role: 'customer' });
    admin = await cookieFor(t.app, 'admin@example.com');
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
    await clearOutbox(t.database.db);
  });

  it('refuses every endpoint to customers, service and sales staff (403) and to no session (401)', async () => {
    const cookies = await Promise.all(
      ['klient@example.com', 'serwis@example.com', 'czesci@example.com'].map((e) => cookieFor(t.app, e)),
    );
    const id = ids.service;
    const requests: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
      ['GET', '/api/admin/staff-accounts'],
      ['GET', `/api/admin/staff-accounts/${id}`],
      [
        'POST',
        '/api/admin/staff-accounts',
        { email: 'x@example.com', firstName: 'Xawery', lastName: 'Xiński', role: 'admin', language: 'pl' },
      ],
      ['PUT', `/api/admin/staff-accounts/${id}/role`, { role: 'admin' }],
      ['POST', `/api/admin/staff-accounts/${id}/disable`],
      ['POST', `/api/admin/staff-accounts/${id}/enable`],
      ['POST', `/api/admin/staff-accounts/${id}/sign-out`],
      ['POST', `/api/admin/staff-accounts/${id}/set-password-link`],
    ];
    for (const [method, url, body] of requests) {
      for (const cookie of cookies) expect((await call(method, url, cookie, body)).statusCode, url).toBe(403);
      expect((await call(method, url, '', body)).statusCode, url).toBe(401);
    }
    expect(await userByEmail(t.database.db, 'x@example.com')).toBeUndefined();
    // Nothing of theirs changed (their sign-ins are audited as auth.sign-in).
    expect((await audits(id)).filter((entry) => entry.kind.startsWith('staff.'))).toEqual([]);
  });

  it('creates an invited account without a usable password and e-mails a 24-hour link in its language', async () => {
    const res = await create({
      email: ' Ewa.Lis@Example.com ',
      firstName: 'Ewa',
      lastName: 'Lis',
      language: 'de',
    });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body).toMatchObject({
      email: 'ewa.lis@example.com',
      role: 'service',
      status: 'invited',
      language: 'de',
    });
    expect(body.lastLoginAt).toBeNull();
    const [mail] = await queuedMail(t.database.db, 'ewa.lis@example.com');
    expect(mail).toMatchObject({ kind: 'set-password', language: 'de' });
    expect(mail!.subject).toContain('Mitarbeiterkonto');
    expect(mail!.text).toContain('https://care.example/set-password/');
    const [token] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.userId, Number(body.id)));
    expect((token!.expiresAt.getTime() - token!.createdAt.getTime()) / 3_600_000).toBeCloseTo(24, 1);
    // Pending, with a password nobody knows: no sign-in.
    expect((await signIn(t.app, 'ewa.lis@example.com', NEW_PASSWORD)).statusCode).toBe(401);
    const [entry] = await audits(Number(body.id), 'staff.created');
    expect(entry).toMatchObject({ actorId: ids.admin, actorLabel: 'admin@example.com' });
    expect(entry!.after).toMatchObject({ email: 'ewa.lis@example.com', role: 'service', language: 'de' });
  });

  it("refuses an e-mail address any account has (a staff member's or a customer's) as a field error", async () => {
    for (const email of ['SERWIS@example.com', 'klient@example.com']) {
      const res = await create({ email });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'email', code: 'form.email-taken' }],
      });
    }
    expect(await queuedMail(t.database.db)).toHaveLength(0);
    expect((await userByEmail(t.database.db, 'klient@example.com'))!.role).toBe('customer');
  });

  it('sets the password through the link: policy first, then active and signed in like a CLI account; the link works once', async () => {
    const created = json(await create({ email: 'piotr@example.com', firstName: 'Piotr' }));
    const token = await latestToken('piotr@example.com');
    expect((await checkLink(token)).statusCode).toBe(204);
    const weak = await setPassword(token, 'password');
    expect(json(weak)).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'password' }] });
    expect((await checkLink(token)).statusCode).toBe(204);
    expect((await setPassword(token)).statusCode).toBe(204);

    const user = await userByEmail(t.database.db, 'piotr@example.com');
    expect(user).toMatchObject({ status: 'active', role: 'service' });
    expect(user!.emailConfirmedAt).not.toBeNull();
    const signedIn = await signIn(t.app, 'piotr@example.com', NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(json(signedIn)).toMatchObject({ role: 'service' });
    for (const res of [await checkLink(token), await setPassword(token, 'Inne-haslo-2026-x')])
      expect(json(res)).toMatchObject({ code: 'INVALID_TOKEN' });
    const [entry] = await audits(Number(created.id), 'auth.password-changed');
    expect(entry).toMatchObject({ actorId: Number(created.id), before: { status: 'pending' } });
  });

  it('refuses an expired link; a resent link voids the earlier one and works', async () => {
    const created = json(await create({ email: 'olga@example.com', role: 'sales', language: 'en' }));
    const id = Number(created.id);
    const first = await latestToken('olga@example.com');
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.userId, id));
    expect(json(await setPassword(first))).toMatchObject({ code: 'INVALID_TOKEN' });

    const resent = await call('POST', `/api/admin/staff-accounts/${id}/set-password-link`, admin);
    expect(resent.statusCode).toBe(200);
    const second = await latestToken('olga@example.com');
    expect((await queuedMail(t.database.db, 'olga@example.com')).at(-1)!.subject).toContain('staff account');
    await call('POST', `/api/admin/staff-accounts/${id}/set-password-link`, admin);
    const third = await latestToken('olga@example.com');
    expect(json(await checkLink(second))).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await setPassword(third)).statusCode).toBe(204);
    expect(await audits(id, 'staff.link-sent')).toHaveLength(2);
  });

  it('lists only staff, by name; searches name and e-mail without accents; filters role and status; pages', async () => {
    const list = async (query: string) =>
      json(await call('GET', `/api/admin/staff-accounts?${query}`, admin)) as {
        items: { email: string; status: string }[];
        total: number;
      };
    const all = await list('pageSize=100');
    const emails = all.items.map((i) => i.email);
    expect(emails).not.toContain('klient@example.com');
    expect(emails).toContain('serwis@example.com');
    expect((await list('q=lecki')).items.map((i) => i.email)).toEqual(['serwis@example.com']);
    expect((await list('q=czesci@')).items.map((i) => i.email)).toEqual(['czesci@example.com']);
    expect((await list('role=sales')).items.every((i) => i.email !== 'serwis@example.com')).toBe(true);
    expect((await list('status=invited')).items.every((i) => i.status === 'invited')).toBe(true);
    const page = await list('pageSize=2&page=2');
    expect(page.total).toBe(all.total);
    expect(page.items.map((i) => i.email)).toEqual(emails.slice(2, 4));
    const adminRow = all.items.find((i) => i.email === 'admin@example.com') as unknown as {
      lastLoginAt: string | null;
    };
    expect(adminRow.lastLoginAt).not.toBeNull();
    expect((await call('GET', `/api/admin/staff-accounts/${ids.customer}`, admin)).statusCode).toBe(404);
  });

  it("changes a role with its audit entry; a customer's id is not a staff account", async () => {
    const id = await insertUser(t.database.db, { email: 'rola@example.com', role: 'service' });
    const res = await call('PUT', `/api/admin/staff-accounts/${id}/role`, admin, { role: 'sales' });
    expect(json(res)).toMatchObject({ role: 'sales' });
    const [entry] = await audits(id, 'staff.role');
    expect(entry).toMatchObject({ before: { role: 'service' }, after: { role: 'sales' } });
    const customer = await call('PUT', `/api/admin/staff-accounts/${ids.customer}/role`, admin, {
      role: 'admin',
    });
    expect(customer.statusCode).toBe(404);
    expect((await userByEmail(t.database.db, 'klient@example.com'))!.role).toBe('customer');
  });

  it('disables at once (sessions end, no sign-in) and enables again; force sign-out ends every session', async () => {
    const id = await insertUser(t.database.db, { email: 'wylacz@example.com', role: 'service' });
    const sessions = [
      await cookieFor(t.app, 'wylacz@example.com'),
      await cookieFor(t.app, 'wylacz@example.com'),
    ];
    const me = (cookie: string) => call('GET', '/api/user/extended-details', cookie);
    expect((await me(sessions[0]!)).statusCode).toBe(200);

    const out = await call('POST', `/api/admin/staff-accounts/${id}/sign-out`, admin);
    expect(json(out)).toMatchObject({ activeSessions: 0, status: 'active' });
    for (const cookie of sessions) expect((await me(cookie)).statusCode).toBe(401);
    expect((await audits(id, 'staff.sessions-ended'))[0]!.before).toEqual({ activeSessions: 2 });

    const cookie = await cookieFor(t.app, 'wylacz@example.com');
    const disabled = await call('POST', `/api/admin/staff-accounts/${id}/disable`, admin);
    expect(json(disabled)).toMatchObject({ status: 'disabled', activeSessions: 0 });
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await signIn(t.app, 'wylacz@example.com')).statusCode).toBe(401);
    expect((await audits(id, 'staff.disabled'))[0]).toMatchObject({
      before: { status: 'active' },
      after: { status: 'deactivated', sessionsEnded: 1 },
    });
    const noLink = await call('POST', `/api/admin/staff-accounts/${id}/set-password-link`, admin);
    expect(json(noLink)).toMatchObject({ code: 'CONFLICT' });

    const enabled = await call('POST', `/api/admin/staff-accounts/${id}/enable`, admin);
    expect(json(enabled)).toMatchObject({ status: 'active' });
    expect((await signIn(t.app, 'wylacz@example.com')).statusCode).toBe(200);
    expect((await audits(id, 'staff.enabled'))[0]!.after).toEqual({ status: 'active' });
  });

  it('an invited account disabled and enabled is invited again and needs a new link', async () => {
    const id = Number(json(await create({ email: 'nowy@example.com' })).id);
    const token = await latestToken('nowy@example.com');
    await call('POST', `/api/admin/staff-accounts/${id}/disable`, admin);
    expect(json(await checkLink(token))).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(json(await call('POST', `/api/admin/staff-accounts/${id}/enable`, admin))).toMatchObject({
      status: 'invited',
    });
    expect(json(await setPassword(token))).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('keeps the last active admin: neither disabled nor demoted, not even by themselves', async () => {
    for (const [method, url, body] of [
      ['POST', `/api/admin/staff-accounts/${ids.admin}/disable`],
      ['PUT', `/api/admin/staff-accounts/${ids.admin}/role`, { role: 'service' }],
    ] as const) {
      const res = await call(method, url, admin, body);
      expect(res.statusCode).toBe(409);
      expect(json(res)).toMatchObject({ code: 'LAST_ADMIN' });
    }
    expect(await userByEmail(t.database.db, 'admin@example.com')).toMatchObject({
      role: 'admin',
      status: 'active',
    });
    expect((await audits(ids.admin)).filter((entry) => entry.kind.startsWith('staff.'))).toEqual([]);
  });

  it('an account the CLI created is listed and changed like one created in the portal', async () => {
    const created = await createUser(
      t.database.db,
      { email: 'cli@example.com', role: 'sales', firstName: 'Celina', lastName: 'Klimek' },
      NEW_PASSWORD,
    );
    const list = json(await call('GET', '/api/admin/staff-accounts?q=klimek', admin)) as {
      items: Record<string, unknown>[];
    };
    expect(list.items).toEqual([
      expect.objectContaining({ id: String(created.id), role: 'sales', status: 'active', lastLoginAt: null }),
    ]);
    expect((await call('POST', `/api/admin/staff-accounts/${created.id}/disable`, admin)).statusCode).toBe(
      200,
    );
    expect((await signIn(t.app, 'cli@example.com', NEW_PASSWORD)).statusCode).toBe(401);
    const enabled = await call('POST', `/api/admin/staff-accounts/${created.id}/enable`, admin);
    expect(json(enabled)).toMatchObject({ status: 'active' });
    expect((await signIn(t.app, 'cli@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a registration cannot take over an invited staff account of the same e-mail', async () => {
    await create({ email: 'zaproszony@example.com' });
    await clearOutbox(t.database.db);
    const res = await postJson(
      t.app,
      '/auth/registration',
      registrationPayload('zaproszony@example.com', 'NIEMA-1', { personFirstName: 'Obcy' }),
    );
    expect(res.statusCode).toBeLessThan(500);
    const rows = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.purpose, 'confirm_registration'));
    const user = await userByEmail(t.database.db, 'zaproszony@example.com');
    expect(rows.filter((row) => row.userId === user!.id)).toHaveLength(0);
    expect(user).toMatchObject({ role: 'service', firstName: 'Anna' });
  });

  // Last: one of the two admins (maybe the shared one) ends up demoted.
  it('of two admins demoting each other at once, one succeeds and the other gets LAST_ADMIN', async () => {
    const second = await insertUser(t.database.db, { email: 'admin2@example.com', role: 'admin' });
    const other = await cookieFor(t.app, 'admin2@example.com');
    const answers = await Promise.all([
      call('PUT', `/api/admin/staff-accounts/${second}/role`, admin, { role: 'service' }),
      call('PUT', `/api/admin/staff-accounts/${ids.admin}/role`, other, { role: 'service' }),
    ]);
    const codes = answers.map((res) => res.statusCode).sort();
    // The loser is refused either as the last admin or as no longer an admin (its session's role changed).
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND status = 'active'`,
    );
    expect(Number((admins as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(1);
  });

  // Last: checks what every test above wrote (test/audit.ts).
  it('writes only audit fields, values and reasons the contract declares, so the admin screen labels them all', async () => {
    expect(await undeclaredAuditEntries(t.database.db)).toEqual([]);
  });
});
