import { CANNED_REPLY_LIMITS, type CannedReply, type CannedReplyList } from '@care/contract/canned-replies';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/db/schema/audit.ts';
import { cannedReplies } from '#app/db/schema/canned-replies.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { undeclaredAuditEntries } from '#app/test/audit.ts';

describe('canned replies: the service department’s shared reply texts', () => {
  let t: TestApp;
  const cookie: Record<string, string> = {};
  const call = (as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: as }, ...(payload ? { payload } : {}) });
  const list = async () =>
    ((await call(cookie.staff!, 'GET', '/api/staff/canned-replies')).json() as CannedReplyList).replies;
  const auditOf = (id: string) =>
    t.database.db
      .select({
        kind: auditLog.kind,
        before: auditLog.before,
        after: auditLog.after,
        actor: auditLog.actorLabel,
      })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'canned-reply'), eq(auditLog.subjectId, id)))
      .orderBy(asc(auditLog.id));

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await insertUser(db, { email: 'jan@example.com' });
    await insertUser(db, { email: 'serwis@example.com', role: 'service' });
    await insertUser(db, { email: 'admin@example.com', role: 'admin' });
    await insertUser(db, { email: 'handel@example.com', role: 'sales' });
    cookie.jan = await cookieFor(t.app, 'jan@example.com');
    cookie.staff = await cookieFor(t.app, 'serwis@example.com');
    cookie.admin = await cookieFor(t.app, 'admin@example.com');
    cookie.sales = await cookieFor(t.app, 'handel@example.com');
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('staff add a reply; an empty translation is stored as none, and the list is by title', async () => {
    const created = await call(cookie.staff!, 'POST', '/api/staff/canned-replies', {
      title: '  Termin wizyty ',
      textPl: 'Technik przyjedzie jutro.',
      textEn: 'A technician comes tomorrow.',
      textDe: '  ',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Termin wizyty',
      texts: { pl: 'Technik przyjedzie jutro.', en: 'A technician comes tomorrow.', de: null },
    });
    await call(cookie.admin!, 'POST', '/api/staff/canned-replies', {
      title: 'części zamówione',
      textPl: 'Części są zamówione.',
    });
    expect((await list()).map((reply) => reply.title)).toEqual(['części zamówione', 'Termin wizyty']);
  });

  it('a change replaces the title and texts and is audited with what it was and is', async () => {
    const [reply] = (await list()).filter((r) => r.title === 'Termin wizyty');
    const changed = await call(cookie.staff!, 'PUT', `/api/staff/canned-replies/${reply!.id}`, {
      title: 'Termin wizyty technika',
      textPl: 'Technik przyjedzie w piątek.',
      textDe: 'Der Techniker kommt am Freitag.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as CannedReply).texts).toEqual({
      pl: 'Technik przyjedzie w piątek.',
      en: null,
      de: 'Der Techniker kommt am Freitag.',
    });
    const entries = await auditOf(reply!.id);
    expect(entries.map((entry) => entry.kind)).toEqual(['canned-reply.created', 'canned-reply.updated']);
    expect(entries[1]).toMatchObject({
      actor: 'serwis@example.com',
      before: { title: 'Termin wizyty', texts: { en: 'A technician comes tomorrow.' } },
      after: { title: 'Termin wizyty technika', texts: { en: null } },
    });
  });

  it('deleting a reply removes it and audits its last texts', async () => {
    const [reply] = (await list()).filter((r) => r.title === 'części zamówione');
    const removed = await call(cookie.staff!, 'DELETE', `/api/staff/canned-replies/${reply!.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await list()).some((r) => r.id === reply!.id)).toBe(false);
    expect((await auditOf(reply!.id)).at(-1)).toMatchObject({
      kind: 'canned-reply.removed',
      before: { title: 'części zamówione' },
    });
    expect(await undeclaredAuditEntries(t.database.db)).toEqual([]);
  });

  it('an unknown reply is NOT_FOUND for a change and a deletion', async () => {
    const body = { title: 'X', textPl: 'Y' };
    expect((await call(cookie.staff!, 'PUT', '/api/staff/canned-replies/999999', body)).statusCode).toBe(404);
    expect((await call(cookie.staff!, 'DELETE', '/api/staff/canned-replies/999999')).statusCode).toBe(404);
  });

  it('a missing Polish text, a blank title or a text over the limit is refused field by field, nothing stored', async () => {
    const before = await list();
    const refused = await call(cookie.staff!, 'POST', '/api/staff/canned-replies', {
      title: ' ',
      textPl: '',
      textEn: 'x'.repeat(CANNED_REPLY_LIMITS.textMaxLength + 1),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const fields = (refused.json() as { fields: { path: string; code: string }[] }).fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'title', code: 'form.required' }),
        expect.objectContaining({ path: 'textPl', code: 'form.required' }),
        expect.objectContaining({ path: 'textEn', code: 'form.max-length' }),
      ]),
    );
    expect(await list()).toEqual(before);
  });

  it('customers and parts sales may neither read nor write canned replies', async () => {
    for (const as of [cookie.jan!, cookie.sales!]) {
      expect((await call(as, 'GET', '/api/staff/canned-replies')).statusCode).toBe(403);
      const created = await call(as, 'POST', '/api/staff/canned-replies', { title: 'A', textPl: 'B' });
      expect(created.statusCode).toBe(403);
    }
  });

  it('once the department keeps the most replies it may, another is a CONFLICT', async () => {
    const kept = (await list()).length;
    await t.database.db.insert(cannedReplies).values(
      Array.from({ length: CANNED_REPLY_LIMITS.maxReplies - kept }, (_, i) => ({
        title: `Odpowiedź ${i}`,
        textPl: 'Tekst',
      })),
    );
    const refused = await call(cookie.staff!, 'POST', '/api/staff/canned-replies', {
      title: 'Jedna za dużo',
      textPl: 'Tekst',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT' });
  });
});
