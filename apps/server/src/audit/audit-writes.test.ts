import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditKind } from '@care/contract/audit';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog } from '#app/db/schema/audit.ts';
import { offerRequests } from '#app/db/schema/offers.ts';
import { importCatalog } from '#app/features/catalog-import/catalog-import.service.ts';
import { EXAMPLE_DIR } from '#app/features/catalog-import/example-catalog.ts';
import { filesInDirectory } from '#app/features/catalog-import/import-files.ts';
import { createLocalFileStore } from '#app/files/file-store.ts';
import {
  clearRateLimits,
  cookieFor,
  insertUser,
  PASSWORD,
  postJson,
  queuedMail,
  signIn,
  tokenIn,
} from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { undeclaredAuditEntries } from '#app/test/audit.ts';
import { insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';

const NEW_PASSWORD = 'Siewnik-Rzepak-2026';

describe('audit entries of existing changes (written in the transaction of the change)', () => {
  let t: TestApp;
  let machine: number;
  let counter = 0;
  const u: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  const db = () => t.database.db;
  const entriesOf = (kind: AuditKind, subjectId?: number) =>
    db()
      .select()
      .from(auditLog)
      .where(
        subjectId === undefined
          ? eq(auditLog.kind, kind)
          : and(eq(auditLog.kind, kind), eq(auditLog.subjectId, String(subjectId))),
      )
      .orderBy(asc(auditLog.id));
  const newRequest = async (customer = 'jan') => {
    counter += 1;
    const code = `SR/2026/${String(counter).padStart(6, '0')}`;
    return {
      code,
      id: await insertRequest(db(), { code, customerId: u[customer]!, machineId: machine, status: 'N' }),
    };
  };
  const inject = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object, as?: string) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: as ? { cookie: as } : {},
      remoteAddress: '192.0.2.44',
    });

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://care.example', BASE_PATH: '' });
    u.jan = await insertUser(db(), { email: 'jan@example.com' });
    u.service = await insertUser(db(), { email: 'anna@agromech.example', role: 'service' });
    u.sales = await insertUser(db(), { email: 'piotr@agromech.example', role: 'sales' });
    machine = await insertOwnedMachine(db(), { serialNumber: 'AUD-0001', ownerId: u.jan! });
    cookie.jan = await cookieFor(t.app, 'jan@example.com');
    cookie.service = await cookieFor(t.app, 'anna@agromech.example');
    cookie.sales = await cookieFor(t.app, 'piotr@agromech.example');
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(db());
  });

  it('a staff status change writes exactly one entry with before → after, the note and the IP; a refused one none', async () => {
    const { id, code } = await newRequest();
    const url = `/api/staff/service-requests/${id}/status`;
    expect(
      (await inject('POST', url, { status: 'C', fromStatus: 'N', note: 'Zdjęcia ok' }, cookie.service))
        .statusCode,
    ).toBe(200);
    // N → F is no allowed transition: nothing changes, nothing is logged.
    expect(
      (
        await inject(
          'POST',
          url,
          { status: 'F', fromStatus: 'C', completionDate: '2026-01-01' },
          cookie.service,
        )
      ).statusCode,
    ).toBe(409);
    const entries = await entriesOf('service-request.status', id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: u.service,
      actorLabel: 'anna@agromech.example',
      subjectType: 'service-request',
      subjectLabel: code,
      before: { status: 'N' },
      after: { status: 'C' },
      reason: 'Zdjęcia ok',
      ip: '192.0.2.44',
    });
  });

  it("the customer's withdrawal (N → X) is logged as theirs", async () => {
    const { id } = await newRequest();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/service-requests/${id}/withdrawal`,
      headers: { cookie: cookie.jan! },
    });
    expect(res.statusCode).toBe(200);
    expect(await entriesOf('service-request.status', id)).toMatchObject([
      { actorId: u.jan, before: { status: 'N' }, after: { status: 'X' } },
    ]);
  });

  it('dates and findings: one entry each with only the touched fields; unchanged or refused saves log nothing', async () => {
    const { id } = await newRequest();
    const url = `/api/staff/service-requests/${id}`;
    const patch = (payload: object) => inject('PATCH', url, payload, cookie.service);
    expect(
      (await patch({ estimatedCompletionDate: '2099-01-10', serviceOpinion: 'Łożysko' })).statusCode,
    ).toBe(200);
    expect(
      (await patch({ estimatedCompletionDate: '2099-01-10', serviceOpinion: 'Łożysko' })).statusCode,
    ).toBe(200);
    expect((await patch({ completionDate: '2000-01-01' })).statusCode).toBe(400);
    expect((await patch({ estimatedCompletionDate: null })).statusCode).toBe(200);
    expect(await entriesOf('service-request.dates', id)).toMatchObject([
      { before: { estimatedCompletionDate: null }, after: { estimatedCompletionDate: '2099-01-10' } },
      { before: { estimatedCompletionDate: '2099-01-10' }, after: { estimatedCompletionDate: null } },
    ]);
    expect(await entriesOf('service-request.findings', id)).toMatchObject([
      { actorId: u.service, before: { serviceOpinion: null }, after: { serviceOpinion: 'Łożysko' } },
    ]);
  });

  it('an offer request status change is logged with before → after', async () => {
    const [offer] = await db()
      .insert(offerRequests)
      .values({ number: 'OR/2026/000901', customerId: u.jan! })
      .returning({ id: offerRequests.id });
    const url = `/api/staff/offer-requests/${offer!.id}/status`;
    expect((await inject('POST', url, { status: 'in_progress' }, cookie.sales)).statusCode).toBe(200);
    expect((await inject('POST', url, { status: 'sent' }, cookie.sales)).statusCode).toBe(409);
    expect(await entriesOf('offer-request.status', offer!.id)).toMatchObject([
      {
        actorId: u.sales,
        subjectType: 'offer-request',
        subjectLabel: 'OR/2026/000901',
        before: { status: 'sent' },
        after: { status: 'in_progress' },
        ip: '192.0.2.44',
      },
    ]);
  });

  it('sign-in is logged with the IP; a wrong password of an existing account afterwards, never the password', async () => {
    const id = await insertUser(db(), { email: 'ewa@example.com' });
    const before = (await entriesOf('auth.sign-in', id)).length;
    expect((await signIn(t.app, 'ewa@example.com')).statusCode).toBe(200);
    expect(await entriesOf('auth.sign-in', id)).toHaveLength(before + 1);
    expect((await entriesOf('auth.sign-in', id)).at(-1)).toMatchObject({ after: { method: 'password' } });
    expect((await signIn(t.app, 'ewa@example.com', 'Wrong-Password-123')).statusCode).toBe(401);
    expect((await signIn(t.app, 'nobody@example.com', 'Wrong-Password-123')).statusCode).toBe(401);
    await vi.waitFor(async () => expect(await entriesOf('auth.sign-in-failed', id)).toHaveLength(1));
    const [failed] = await entriesOf('auth.sign-in-failed', id);
    expect(failed).toMatchObject({ actorId: id, subjectType: 'user', reason: 'password' });
    expect(failed!.ip).toMatch(/^10\./);
    expect(JSON.stringify(await db().select().from(auditLog))).not.toContain('Wrong-Password-123');
    // The unknown address has no account to log against.
    expect(await entriesOf('auth.sign-in-failed')).toHaveLength(1);
  });

  it('password change, reset through the e-mailed link and deactivation are logged; refused ones are not', async () => {
    const id = await insertUser(db(), { email: 'olga@example.com' });
    const own = await cookieFor(t.app, 'olga@example.com');
    const change = (oldPassword: string) =>
      inject('PUT', '/api/user/password', { oldPassword, newPassword: NEW_PASSWORD }, own);
    expect((await change('Not-The-Password-1')).statusCode).toBe(400);
    expect((await change(PASSWORD)).statusCode).toBe(204);
    expect(await entriesOf('auth.password-changed', id)).toMatchObject([
      { actorId: id, subjectLabel: 'olga@example.com', ip: '192.0.2.44' },
    ]);

    await postJson(t.app, '/auth/password-reset', { email: 'olga@example.com' });
    await vi.waitFor(async () => expect(await queuedMail(db(), 'olga@example.com')).toHaveLength(1));
    const token = tokenIn((await queuedMail(db(), 'olga@example.com'))[0]!.text, 'reset-password');
    const reset = await postJson(t.app, '/auth/password-reset/confirmation', { token, password: PASSWORD });
    expect(reset.statusCode).toBe(204);
    expect(await entriesOf('auth.password-reset', id)).toMatchObject([{ actorId: id }]);

    const again = await cookieFor(t.app, 'olga@example.com');
    const deactivate = (password: string) => inject('POST', '/api/user/deactivation', { password }, again);
    expect((await deactivate('Not-The-Password-1')).statusCode).toBe(400);
    expect(await entriesOf('auth.deactivated', id)).toHaveLength(0);
    expect((await deactivate(PASSWORD)).statusCode).toBe(204);
    expect(await entriesOf('auth.deactivated', id)).toMatchObject([
      { actorId: id, before: { status: 'active' }, after: { status: 'deactivated' } },
    ]);
  });

  it('a catalogue import is logged with its summary; a dry run is not', async () => {
    const storeRoot = await mkdtemp(join(tmpdir(), 'care-audit-import-'));
    try {
      const run = async (dryRun: boolean) =>
        importCatalog(
          db(),
          {
            sources: {
              json: await readFile(join(EXAMPLE_DIR, 'catalog.json'), 'utf8'),
              csv: await readFile(join(EXAMPLE_DIR, 'parts.csv'), 'utf8'),
            },
            files: filesInDirectory(EXAMPLE_DIR),
            fileNames: ['catalog.json', 'parts.csv'],
          },
          {
            dryRun,
            actor: { id: u.service!, email: 'anna@agromech.example' },
            ip: '192.0.2.7',
            basePath: '',
            fileStore: createLocalFileStore(storeRoot),
          },
        );
      expect((await run(true)).ok).toBe(true);
      expect(await entriesOf('catalog.imported')).toHaveLength(0);
      const outcome = await run(false);
      if (!outcome.ok) throw new Error('the example did not import');
      expect(await entriesOf('catalog.imported')).toMatchObject([
        {
          subjectType: 'catalog-import',
          subjectId: outcome.result.id,
          subjectLabel: 'catalog.json, parts.csv',
          after: { parts: { created: 5, updated: 0, unchanged: 0 } },
          ip: '192.0.2.7',
        },
      ]);
    } finally {
      await rm(storeRoot, { recursive: true, force: true });
    }
  });

  // Last: checks what every test above wrote (test/audit.ts).
  it('writes only audit fields, values and reasons the contract declares, so the admin screen labels them all', async () => {
    expect(await undeclaredAuditEntries(db())).toEqual([]);
  });
});
