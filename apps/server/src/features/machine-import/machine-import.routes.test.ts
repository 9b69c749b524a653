import type {
  MachineImport,
  MachineImportFailure,
  MachineImportHistory,
} from '@care/contract/machine-import';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/db/schema/audit.ts';
import { machines } from '#app/db/schema/machines.ts';
import { clearRateLimits, cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { multipart } from '#app/test/files.ts';

const HEADER = 'serial_number,model_name,purchase_date,guarantee_end_date,status,dealer,owner_email';

describe('api/admin/machine-imports', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    await insertUser(t.database.db, {
      email: 'admin@example.com',
      role: 'admin',
      firstName: 'Ada',
      lastName: 'Nowak',
    });
    await insertUser(t.database.db, { email: 'service@example.com', role: 'service' });
    await insertUser(t.database.db, { email: 'sales@example.com', role: 'sales' });
    await insertUser(t.database.db, { email: 'customer@example.com', role: 'customer' });
    admin = await cookieFor(t.app, 'admin@example.com');
  });
  afterAll(async () => {
    await t.app.close();
  });
  beforeEach(async () => {
    await clearRateLimits(t.database.db);
  });

  const post = (cookie: string | null, csv: string, query = '') => {
    const { body: payload, headers } = multipart([
      { name: 'file', file: { filename: 'erp.csv', content: Buffer.from(csv) } },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/machine-imports${query}`,
      payload,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    });
  };
  const machineCount = async () => (await t.database.db.select({ n: count() }).from(machines))[0]!.n;

  it('only an admin may import or read the history: anonymous 401, service, sales and customer 403', async () => {
    const csv = `${HEADER}\nR-1,Model,,,W,,\n`;
    expect((await post(null, csv)).statusCode).toBe(401);
    for (const email of ['service@example.com', 'sales@example.com', 'customer@example.com']) {
      const cookie = await cookieFor(t.app, email);
      const response = await post(cookie, csv);
      expect(response.statusCode, email).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      const history = await t.app.inject({ url: '/api/admin/machine-imports', headers: { cookie } });
      expect(history.statusCode, email).toBe(403);
    }
    expect(await machineCount()).toBe(0);
  });

  it('a bad file answers 422 with every bad row and imports nothing', async () => {
    const response = await post(admin, `${HEADER}\nB-1,Model,2025-02-30,,W,,\nB-2,Model,,,Z,,\n`);
    expect(response.statusCode).toBe(422);
    const failure = response.json<MachineImportFailure>();
    expect(failure.code).toBe('MACHINE_IMPORT_INVALID');
    expect(failure.import.problems.map((p) => [p.line, p.code])).toEqual([
      [2, 'bad-date'],
      [3, 'unknown-status'],
    ]);
    expect(await machineCount()).toBe(0);
  });

  it('streams a file larger than the default multipart limit, checks, imports, and lists the runs', async () => {
    // Long dealer names: well over the plugin's default 1 MB file limit in few rows (PGlite is slow to index).
    const dealer = `Agro Dealer ${'x'.repeat(180)}`;
    const rows = Array.from(
      { length: 6000 },
      (_, i) => `BIG-${String(i).padStart(6, '0')},Kombajn AM-500,2025-01-01,31.12.2027,W,${dealer},`,
    );
    const csv = `${HEADER}\r\n${rows.join('\r\n')}\r\n`;
    expect(Buffer.byteLength(csv)).toBeGreaterThan(1.2 * 1024 * 1024);
    const check = await post(admin, csv, '?dryRun=true');
    expect(check.statusCode).toBe(200);
    expect(check.json<MachineImport>()).toMatchObject({
      status: 'checked',
      dryRun: true,
      summary: { created: 6000 },
    });
    expect(await machineCount()).toBe(0);

    const response = await post(admin, csv);
    expect(response.statusCode).toBe(200);
    expect(response.json<MachineImport>()).toMatchObject({
      status: 'imported',
      rowsRead: 6000,
      userName: 'Ada Nowak',
      fileName: 'erp.csv',
      summary: { created: 6000, changed: 0 },
    });
    expect(await machineCount()).toBe(6000);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.kind, 'machines.imported'));
    expect(entry).toMatchObject({ actorLabel: 'admin@example.com', after: { created: 6000 } });

    const history = await t.app.inject({ url: '/api/admin/machine-imports', headers: { cookie: admin } });
    expect(history.statusCode).toBe(200);
    const runs = history.json<MachineImportHistory>();
    expect(runs.slice(0, 3).map((run) => run.status)).toEqual(['imported', 'checked', 'invalid']);
  }, 180_000);

  it('refuses a request without a file', async () => {
    const { body: payload, headers } = multipart([]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/machine-imports',
      payload,
      headers: { ...headers, cookie: admin },
    });
    expect(response.statusCode).toBe(400);
  });
});
