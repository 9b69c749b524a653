import { Readable } from 'node:stream';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.ts';
import { auditLog } from '#app/db/schema/audit.ts';
import { machineImportRows } from '#app/db/schema/machine-imports.ts';
import { machines } from '#app/db/schema/machines.ts';
import { serviceRequests, serviceRequestStatusHistory } from '#app/db/schema/service-requests.ts';
import { userSettings } from '#app/db/schema/users.ts';
import { clearOutbox, insertMachine, insertUser, queuedMail } from '#app/test/accounts.ts';
import { createTestDatabase } from '#app/test/app.ts';
import { undeclaredAuditEntries } from '#app/test/audit.ts';
import { insertRequest } from '#app/test/service-requests.ts';
import { importMachines } from './machine-import.service.ts';

const HEADER = 'serial_number;model_name;purchase_date;guarantee_end_date;status;dealer;owner_email';
const links = { brand: 'AgroMech', publicUrl: 'https://portal.example', basePath: '' };

describe('machine import engine', () => {
  let database: Database;
  const db = () => database.db;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());
  beforeEach(async () => {
    await db().delete(machines);
    await clearOutbox(db());
  });

  /** Imports `text`, split into small chunks so rows and even the header cross chunk boundaries. */
  const run = (text: string | Buffer, dryRun = false) => {
    const bytes = Buffer.from(text);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) =>
      bytes.subarray(i * 7, i * 7 + 7),
    );
    return importMachines(db(), Readable.from(chunks), {
      fileName: 'erp.csv',
      dryRun,
      actor: { id: null, email: 'cli' },
      links,
    });
  };
  const machine = async (serialNumber: string) =>
    (await db().select().from(machines).where(eq(machines.serialNumber, serialNumber)))[0];
  const machineCount = async () => (await db().select({ n: count() }).from(machines))[0]!.n;

  it('reads semicolons with a BOM and CRLF, ISO and dotted dates, and imports in one go', async () => {
    const file = `\uFEFF${HEADER}\r\nab-100 ;Kombajn AM-500;2025-04-01;01.04.2027;w;Agro, Sp. z o.o.;\r\n\r\nAB-101;"Siewnik; S-3";;;R;;\r\n`;
    const outcome = await run(file);
    expect(outcome.ok).toBe(true);
    expect(outcome.import.summary).toMatchObject({ rows: 2, created: 2, changed: 0, unchanged: 0 });
    expect(await machine('AB-100')).toMatchObject({
      name: 'Kombajn AM-500',
      purchaseDate: '2025-04-01',
      guaranteeEndDate: '2027-04-01',
      status: 'W',
      dealer: 'Agro, Sp. z o.o.',
      ownerId: null,
    });
    expect(await machine('AB-101')).toMatchObject({ name: 'Siewnik; S-3', purchaseDate: null, dealer: null });
    expect(await db().select().from(machineImportRows)).toEqual([]);
  });

  it('reads commas and Polish header names in another order', async () => {
    const file = 'Status,Numer seryjny,Nazwa modelu,Dealer\nG,CX-1,"Prasa, P-2",Hurt\n';
    const outcome = await run(file);
    expect(outcome.ok).toBe(true);
    expect(await machine('CX-1')).toMatchObject({ name: 'Prasa, P-2', status: 'G', dealer: 'Hurt' });
  });

  it('lists every bad row with its line and imports nothing', async () => {
    const customer = await insertUser(db(), { email: 'owner-a@example.com' });
    await insertMachine(db(), 'OWNED-1', customer);
    await insertUser(db(), { email: 'staff-a@example.com', role: 'service' });
    const long = 'x'.repeat(201);
    const file = [
      HEADER,
      'OK-1;Model;2025-01-01;2026-01-01;W;;',
      'OK-2;Model;2025-13-01;31.02.2026;W;;',
      'OK-3;Model;2025-05-01;2025-04-01;Q;;',
      'ok-1;Model;;;W;;',
      ';;;;;;',
      `OK-4;${long};;;W;;not-an-email`,
      'OK-5;Model;;;W;;nobody@example.com',
      'OK-6;Model;;;W;;staff-a@example.com',
      'OWNED-1;Model;;;W;;OWNER-B@example.com',
      'OK-7;Model;;;W;;;;extra',
    ].join('\n');
    await insertUser(db(), { email: 'owner-b@example.com' });
    const outcome = await run(file);
    expect(outcome.ok).toBe(false);
    const problems = outcome.import.problems.map((p) => [p.line, p.column, p.code, p.value]);
    expect(problems).toEqual([
      [3, 'purchase_date', 'bad-date', '2025-13-01'],
      [3, 'guarantee_end_date', 'bad-date', '31.02.2026'],
      [4, 'guarantee_end_date', 'guarantee-before-purchase', '2025-04-01'],
      [4, 'status', 'unknown-status', 'Q'],
      [5, 'serial_number', 'duplicate-serial', '2'],
      [6, 'serial_number', 'required', null],
      [6, 'model_name', 'required', null],
      [6, 'status', 'required', null],
      [7, 'model_name', 'too-long', '200'],
      [7, 'owner_email', 'bad-email', 'not-an-email'],
      [8, 'owner_email', 'unknown-owner', 'nobody@example.com'],
      [9, 'owner_email', 'unknown-owner', 'staff-a@example.com'],
      [10, 'owner_email', 'owner-conflict', 'owner-b@example.com'],
      [11, null, 'column-count', '9'],
    ]);
    expect(outcome.import).toMatchObject({ status: 'invalid', problemCount: 14, rowsRead: 10 });
    expect(await machineCount()).toBe(1);
    expect(await db().select().from(machineImportRows)).toEqual([]);
  });

  it('refuses a header without the required columns, and an unreadable file', async () => {
    const header = await run('serial;model_name;colour\nA;B;C\n');
    expect(header.import.problems.map((p) => [p.line, p.code, p.value])).toEqual([
      [1, 'unknown-column', 'serial'],
      [1, 'unknown-column', 'colour'],
      [1, 'missing-column', 'serial_number'],
      [1, 'missing-column', 'status'],
    ]);
    const broken = await run(`${HEADER}\nA;"unclosed;;;W;;\n`);
    expect(broken.import.problems[0]).toMatchObject({ code: 'malformed-csv' });
    expect((await run('')).import.problems[0]).toMatchObject({ line: 1, code: 'empty-file' });
    expect(await machineCount()).toBe(0);
  });

  it('re-importing the same file changes nothing; a changed row updates, audits and notifies as allowed', async () => {
    const on = await insertUser(db(), { email: 'notify-on@example.com', firstName: 'Emma', language: 'en' });
    const off = await insertUser(db(), { email: 'notify-off@example.com' });
    await db()
      .insert(userSettings)
      .values({ userId: off, broadValue: '', key: 'notifications.state-change', value: false });
    await insertMachine(db(), 'N-ON', on);
    await insertMachine(db(), 'N-OFF', off);
    const file = (status: string, end: string) =>
      [
        HEADER,
        `N-ON;Ładowacz T-1;2025-01-01;${end};${status};;`,
        `N-OFF;Ładowacz T-1;;;${status};;`,
        'N-NEW;Brona;;;W;;notify-off@example.com',
      ].join('\n');

    const first = await run(file('W', '2027-01-01'));
    expect(first.import.summary).toMatchObject({ created: 1, changed: 2, assigned: 1, notified: 1 });
    expect((await machine('N-NEW'))!.ownerId).toBe(off);
    const mail = await queuedMail(db());
    expect(mail.map((m) => [m.toAddress, m.kind])).toEqual([['notify-on@example.com', 'machine-status']]);
    expect(mail[0]!.subject).toBe('Status of your Ładowacz T-1: In warehouse');

    await clearOutbox(db());
    const again = await run(file('W', '2027-01-01'));
    expect(again.import.summary).toMatchObject({
      rows: 3,
      created: 0,
      changed: 0,
      unchanged: 3,
      notified: 0,
    });
    expect(await queuedMail(db())).toEqual([]);

    const auditBefore = (await db().select({ n: count() }).from(auditLog))[0]!.n;
    const changed = await run(file('W', '2028-06-30'));
    expect(changed.import.summary).toMatchObject({ changed: 1, unchanged: 2, notified: 0 });
    expect(await queuedMail(db())).toEqual([]);
    const entries = await db().select().from(auditLog).orderBy(asc(auditLog.id));
    expect(entries.length).toBe(auditBefore + 2);
    expect(entries.at(-2)).toMatchObject({
      kind: 'machine.updated',
      actorLabel: 'cli',
      subjectLabel: 'N-ON',
      before: { guaranteeEndDate: '2027-01-01' },
      after: { guaranteeEndDate: '2028-06-30' },
    });
    expect(entries.at(-1)).toMatchObject({
      kind: 'machines.imported',
      subjectType: 'machine-import',
      after: { fileName: 'erp.csv', created: 0, changed: 1, unchanged: 2 },
    });
  });

  it("a model renamed by the ERP reaches the machine's service requests (the queue and insight count by it)", async () => {
    const owner = await insertUser(db(), { email: 'model-owner@example.com' });
    await run([HEADER, 'M-1;Kombajn K-500;;;W;;', 'M-2;Kombajn K-500;;;W;;'].join('\n'));
    const requestOn = async (serialNumber: string) =>
      insertRequest(db(), {
        code: `SR/${serialNumber}`,
        customerId: owner,
        machineId: (await machine(serialNumber))!.id,
      });
    const first = await requestOn('M-1');
    const second = await requestOn('M-2');
    const models = async () =>
      (
        await db()
          .select({ id: serviceRequests.id, model: serviceRequests.machineModel })
          .from(serviceRequests)
          .orderBy(asc(serviceRequests.id))
      ).map((row) => row.model);
    expect(await models()).toEqual(['Kombajn K-500', 'Kombajn K-500']);

    await run([HEADER, 'M-1;Kombajn K-500 Hybrid;;;W;;', 'M-2;Kombajn K-500;;;W;;'].join('\n'));
    expect(await models()).toEqual(['Kombajn K-500 Hybrid', 'Kombajn K-500']);
    // A request moved to another machine takes that machine's model.
    await db()
      .update(serviceRequests)
      .set({ machineId: (await machine('M-1'))!.id })
      .where(eq(serviceRequests.id, second));
    expect(await models()).toEqual(['Kombajn K-500 Hybrid', 'Kombajn K-500 Hybrid']);
    await db().delete(serviceRequestStatusHistory);
    await db()
      .delete(serviceRequests)
      .where(inArray(serviceRequests.id, [first, second]));
  });

  it("an existing machine without an owner gets the file's owner, audited with the owner's e-mail", async () => {
    await insertUser(db(), { email: 'new-owner@example.com' });
    await insertMachine(db(), 'U-1');
    const outcome = await run(`${HEADER}\nU-1;Kombajn AM-500;;;R;;New-Owner@example.com\n`);
    expect(outcome.import.summary).toMatchObject({ changed: 1, assigned: 1 });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectLabel, 'U-1'))
      .orderBy(asc(auditLog.id));
    expect(entry).toMatchObject({ kind: 'machine.updated', actorLabel: 'cli' });
    expect([entry!.before, entry!.after]).toEqual([{ owner: null }, { owner: 'new-owner@example.com' }]);
  });

  it('a check (dry run) counts the changes and writes nothing', async () => {
    const outcome = await run(`${HEADER}\nD-1;Model;;;W;;\n`, true);
    expect(outcome.import).toMatchObject({ status: 'checked', summary: { created: 1 } });
    expect(await machineCount()).toBe(0);
  });

  // Last: checks what every test above wrote (test/audit.ts).
  it('writes only audit fields, values and reasons the contract declares, so the admin screen labels them all', async () => {
    expect(await undeclaredAuditEntries(db())).toEqual([]);
  });
});
