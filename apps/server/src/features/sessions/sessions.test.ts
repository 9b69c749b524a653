import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/db/schema/audit.ts';
import { sessions } from '#app/db/schema/sessions.ts';
import { clearRateLimits, insertUser, PASSWORD, sessionCookieOf } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { undeclaredAuditEntries } from '#app/test/audit.ts';
import { deviceOf } from './device.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:145.0) Gecko/20100101 Firefox/145.0';

describe('everyone’s session list (ASVS 7.5.2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertUser(t.database.db, { email: 'anna@example.com' });
    await insertUser(t.database.db, { email: 'bartek@example.com' });
    await insertUser(t.database.db, { email: 'serwis@agromech.example', role: 'service' });
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
  });

  const signInFrom = async (email: string, userAgent: string, ip: string) =>
    sessionCookieOf(
      await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username: email, password: PASSWORD, remember: false },
        headers: { 'user-agent': userAgent },
        remoteAddress: ip,
      }),
    );
  const list = (cookie: string) => t.app.inject({ url: '/api/user/sessions', headers: { cookie } });
  const end = (cookie: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${id}`, headers: { cookie } });
  const endOthers = (cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/sessions/end-others', headers: { cookie } });

  it('lists the own sessions with device, address, sign-in and last use, this device first and marked', async () => {
    const phone = await signInFrom('anna@example.com', PHONE, '10.9.0.1');
    const laptop = await signInFrom('anna@example.com', LAPTOP, '10.9.0.2');
    await signInFrom('bartek@example.com', LAPTOP, '10.9.0.3');
    const res = await list(laptop);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(2);
    expect(body[0]).toMatchObject({
      current: true,
      browser: 'Firefox 145',
      os: 'Windows 10',
      ip: '10.9.0.2',
    });
    expect(body[0].deviceType).toBe('desktop');
    expect(body[1]).toMatchObject({
      current: false,
      browser: 'Chrome 142',
      os: 'Android 14',
      ip: '10.9.0.1',
    });
    expect(body[1].deviceType).toBe('mobile');
    expect(Date.parse(body[1].signedInAt)).not.toBeNaN();
    expect(Date.parse(body[1].lastUsedAt)).not.toBeNaN();
    // The phone sees the same two, itself first.
    expect((await list(phone)).json().map((s: { current: boolean }) => s.current)).toEqual([true, false]);
  });

  it("ends another own session (audited); another user's session id is 404 and the current one is refused", async () => {
    const phone = await signInFrom('anna@example.com', PHONE, '10.9.1.1');
    const laptop = await signInFrom('anna@example.com', LAPTOP, '10.9.1.2');
    const bartek = await signInFrom('bartek@example.com', LAPTOP, '10.9.1.3');
    const [, phoneSession] = (await list(laptop)).json();
    const [bartekSession] = (await list(bartek)).json();

    const foreign = await end(laptop, bartekSession.id);
    expect(foreign.statusCode).toBe(404);
    expect((await list(bartek)).statusCode).toBe(200);

    const [current] = (await list(laptop)).json();
    const self = await end(laptop, current.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('SESSION_IS_CURRENT');

    const ended = await end(laptop, phoneSession.id);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await list(phone)).statusCode).toBe(401);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.kind, 'auth.sessions-ended'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorLabel: 'anna@example.com',
      before: { sessions: [{ id: Number(phoneSession.id), ip: '10.9.1.1', browser: 'Chrome 142' }] },
      after: { sessions: [] },
    });
    // Ended already: the same 404 as a stranger's.
    const again = await end(laptop, phoneSession.id);
    expect(again.statusCode).toBe(404);
  });

  it('ends every other session of a staff member, keeping this one, and no other user’s', async () => {
    const first = await signInFrom('serwis@agromech.example', PHONE, '10.9.2.1');
    await signInFrom('serwis@agromech.example', PHONE, '10.9.2.2');
    const here = await signInFrom('serwis@agromech.example', LAPTOP, '10.9.2.3');
    const bartek = await signInFrom('bartek@example.com', LAPTOP, '10.9.2.4');
    const res = await endOthers(here);
    expect(res.statusCode).toBe(200);
    expect(res.json().ended).toBeGreaterThanOrEqual(2);
    expect((await list(first)).statusCode).toBe(401);
    expect((await list(here)).json()).toHaveLength(1);
    expect((await list(bartek)).statusCode).toBe(200);
    const nothingLeft = await endOthers(here);
    expect(nothingLeft.json()).toEqual({ ended: 0 });
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/user/sessions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/sessions/end-others' })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/sessions/1' })).statusCode).toBe(401);
  });

  it('tells nothing it does not know about the device', async () => {
    expect(deviceOf(null)).toEqual({ browser: null, os: null, deviceType: null });
    expect(deviceOf('curl/8.5.0')).toMatchObject({ os: null, deviceType: null });
    expect((await t.database.db.select().from(sessions)).length).toBeGreaterThan(0);
  });

  // Last: checks what every test above wrote (test/audit.ts).
  it('writes only audit fields, values and reasons the contract declares, so the admin screen labels them all', async () => {
    expect(await undeclaredAuditEntries(t.database.db)).toEqual([]);
  });
});
