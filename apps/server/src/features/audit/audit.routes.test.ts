import type { AuditPage } from '@care/contract/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/db/schema/audit.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';

describe('GET api/admin/audit: filters, keyset pages, admins only', () => {
  let t: TestApp;
  const cookie: Record<string, string> = {};
  let admin = 0;
  let anna = 0;

  const list = async (query: string, as = cookie.admin) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?${query}`,
      headers: { cookie: as! },
    });
    return { status: res.statusCode, page: res.json<AuditPage>() };
  };
  /** The ids of the answer, minus the sign-ins of this test's own cookies. */
  const seeded = (page: AuditPage) =>
    page.entries.filter((entry) => entry.kind !== 'auth.sign-in').map((entry) => entry.subjectLabel);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await insertUser(t.database.db, { email: 'admin@agromech.example', role: 'admin' });
    anna = await insertUser(t.database.db, { email: 'anna@agromech.example', role: 'service' });
    await insertUser(t.database.db, { email: 'piotr@agromech.example', role: 'sales' });
    await insertUser(t.database.db, { email: 'jan@example.com' });
    for (const [name, email] of [
      ['admin', 'admin@agromech.example'],
      ['service', 'anna@agromech.example'],
      ['sales', 'piotr@agromech.example'],
      ['customer', 'jan@example.com'],
    ] as const)
      cookie[name] = await cookieFor(t.app, email);
    // 23:30 on 2026-10-31 in Poland (UTC+1) is 22:30 UTC: the 31st in Poland, whatever UTC says.
    await t.database.db.insert(auditLog).values([
      {
        at: new Date('2026-10-30T10:00:00Z'),
        actorId: anna,
        actorLabel: 'anna@agromech.example',
        kind: 'service-request.status',
        subjectType: 'service-request',
        subjectId: '5',
        subjectLabel: 'SR/2026/000005',
        before: { status: 'N' },
        after: { status: 'C' },
      },
      {
        at: new Date('2026-10-31T22:30:00Z'),
        actorId: anna,
        actorLabel: 'anna@agromech.example',
        kind: 'service-request.dates',
        subjectType: 'service-request',
        subjectId: '5',
        subjectLabel: 'SR/2026/000005-d',
      },
      {
        at: new Date('2026-10-31T23:30:00Z'),
        actorId: admin,
        actorLabel: 'admin@agromech.example',
        kind: 'staff.role',
        subjectType: 'user',
        subjectId: String(anna),
        subjectLabel: 'anna-role',
      },
      {
        at: new Date('2026-11-02T08:00:00Z'),
        actorId: null,
        actorLabel: 'cli',
        kind: 'catalog.imported',
        subjectType: 'catalog-import',
        subjectId: '1',
        subjectLabel: 'catalog.json',
      },
      {
        at: new Date('2026-11-02T08:00:00Z'),
        actorId: null,
        actorLabel: 'cli',
        kind: 'catalog.imported',
        subjectType: 'catalog-import',
        subjectId: '2',
        subjectLabel: 'catalog-2.json',
      },
    ]);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('customers, service and sales staff are refused (403); a visitor is 401', async () => {
    for (const role of ['customer', 'service', 'sales'] as const)
      expect((await list('', cookie[role])).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });

  it('lists newest first with before → after, and the filters by person, kind, subject and days', async () => {
    const all = await list('from=2026-10-01&to=2026-11-20');
    expect(all.status).toBe(200);
    expect(seeded(all.page)).toEqual([
      'catalog-2.json',
      'catalog.json',
      'anna-role',
      'SR/2026/000005-d',
      'SR/2026/000005',
    ]);
    expect(all.page.entries.at(-1)).toMatchObject({
      actorId: String(anna),
      before: { status: 'N' },
      after: { status: 'C' },
    });
    expect(seeded((await list(`actorId=${anna}&from=2026-10-01`)).page)).toEqual([
      'SR/2026/000005-d',
      'SR/2026/000005',
    ]);
    expect(seeded((await list('person=ANNA&from=2026-10-01')).page)).toEqual([
      'SR/2026/000005-d',
      'SR/2026/000005',
    ]);
    expect(seeded((await list('kind=staff.role,catalog.imported')).page)).toEqual([
      'catalog-2.json',
      'catalog.json',
      'anna-role',
    ]);
    expect(seeded((await list('kind=staff.role&kind=service-request.status')).page)).toEqual([
      'anna-role',
      'SR/2026/000005',
    ]);
    expect(seeded((await list(`subjectType=user&subjectId=${anna}`)).page)).toEqual(['anna-role']);
    // A person is named as the account they are now, so the screen links to the right page; other subjects: null.
    const signIns = (await list('kind=auth.sign-in')).page.entries;
    expect(signIns.find((entry) => entry.subjectLabel === 'jan@example.com')?.subjectAccount).toBe(
      'customer',
    );
    expect(signIns.find((entry) => entry.subjectLabel === 'anna@agromech.example')?.subjectAccount).toBe(
      'staff',
    );
    expect((await list(`subjectType=user&subjectId=${anna}`)).page.entries[0]!.subjectAccount).toBe('staff');
    expect(
      all.page.entries.map((entry) => entry.subjectType === 'user' || entry.subjectAccount === null),
    ).not.toContain(false);
    expect(seeded((await list('subject=000005')).page)).toEqual(['SR/2026/000005-d', 'SR/2026/000005']);
    // Days in Poland: 22:30 UTC on the 31st is still the 31st there, 23:30 UTC is already 1 November.
    expect(seeded((await list('from=2026-10-31&to=2026-10-31')).page)).toEqual(['SR/2026/000005-d']);
    expect(seeded((await list('from=2026-11-01&to=2026-11-01')).page)).toEqual(['anna-role']);
  });

  it('pages by keyset: no entry twice or lost, even with equal times; the last page has no cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const { page }: { page: AuditPage } = await list(
        `from=2026-10-01&to=2026-11-20&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.entries.map((entry) => entry.subjectLabel));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([
      'catalog-2.json',
      'catalog.json',
      'anna-role',
      'SR/2026/000005-d',
      'SR/2026/000005',
    ]);
  });

  it('refuses unknown kinds, a reversed range, a subject id without its type and an oversized page (400)', async () => {
    for (const query of [
      'kind=nope',
      'from=2026-11-02&to=2026-11-01',
      'subjectId=5',
      'limit=1000',
      'cursor=abc',
    ])
      expect((await list(query)).status, query).toBe(400);
  });

  it('no endpoint changes or deletes entries', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/admin/audit',
        headers: { cookie: cookie.admin! },
        payload: {},
      });
      expect([404, 405]).toContain(res.statusCode);
    }
  });
});
