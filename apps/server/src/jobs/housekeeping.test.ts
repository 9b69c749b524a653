import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineImportRows, machineImports } from '#app/db/schema/machine-imports.ts';
import { mailOutbox } from '#app/db/schema/outbox.ts';
import { rateLimitHits } from '#app/db/schema/rate-limits.ts';
import { authTokens, sessions } from '#app/db/schema/sessions.ts';
import { insertUser } from '#app/test/accounts.ts';
import { createTestDatabase } from '#app/test/app.ts';
import type { Database } from '#app/db/client.ts';
import { runHousekeeping } from './housekeeping.ts';

describe('housekeeping', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('removes expired sessions, finished rate-limit windows, long-expired tokens and old sent mail, and keeps the rest', async () => {
    const { db } = database;
    const userId = await insertUser(db, { email: 'jan@example.com' });
    const hash = (n: number) => String(n).repeat(64).slice(0, 64);
    const hour = 3_600_000;
    await db.insert(sessions).values([
      {
        userId,
        tokenHash: hash(1),
        idleExpiresAt: new Date(Date.now() + hour),
        expiresAt: new Date(Date.now() + hour),
      },
      {
        userId,
        tokenHash: hash(2),
        idleExpiresAt: new Date(Date.now() - 1000),
        expiresAt: new Date(Date.now() + hour),
      },
      {
        userId,
        tokenHash: hash(3),
        idleExpiresAt: new Date(Date.now() + hour),
        expiresAt: new Date(Date.now() - 1000),
      },
    ]);
    await db.insert(rateLimitHits).values([
      { key: 'now', windowStart: new Date() },
      { key: 'old', windowStart: new Date(Date.now() - 48 * hour) },
    ]);
    await db.insert(authTokens).values([
      {
        userId,
        purpose: 'reset_password',
        tokenHash: hash(4),
        expiresAt: new Date(Date.now() - 31 * 24 * hour),
      },
      { userId, purpose: 'reset_password', tokenHash: hash(5), expiresAt: new Date(Date.now() - hour) },
    ]);
    const day = 24 * hour;
    const mail = (created: number, sentAt: Date | null, failedAt: Date | null = null) => ({
      toAddress: 'jan@example.com',
      subject: 'Zgłoszenie',
      html: '<p>x</p>',
      text: 'x',
      kind: 'status-changed',
      createdAt: new Date(Date.now() - created),
      sentAt,
      failedAt,
    });
    await db.insert(mailOutbox).values([
      mail(181 * day, new Date(Date.now() - 181 * day)), // sent long ago: removed
      mail(179 * day, new Date(Date.now() - 179 * day)), // sent within the retention: kept
      mail(200 * day, null, new Date(Date.now() - 199 * day)), // given up on: kept for an operator
      mail(200 * day, null), // never sent (still retrying): kept
    ]);
    // An import whose instance died hours ago, and one running now.
    const [dead, live] = await db
      .insert(machineImports)
      .values([
        { fileName: 'erp-old.csv', dryRun: false, createdAt: new Date(Date.now() - 7 * hour) },
        { fileName: 'erp-now.csv', dryRun: false },
      ])
      .returning({ id: machineImports.id });
    const staged = (importId: number, line: number) => ({
      importId,
      line,
      serialNumber: `S-${line}`,
      name: 'Kombajn',
      status: 'W',
    });
    await db.insert(machineImportRows).values([staged(dead!.id, 2), staged(live!.id, 2)]);

    expect(await runHousekeeping(db)).toEqual({
      sessions: 2,
      rateLimitWindows: 1,
      authTokens: 1,
      sentMails: 1,
      abandonedImports: 1,
    });
    const runs = await db
      .select({ id: machineImports.id, status: machineImports.status, finishedAt: machineImports.finishedAt })
      .from(machineImports)
      .orderBy(machineImports.id);
    expect(runs).toEqual([
      { id: dead!.id, status: 'failed', finishedAt: expect.any(Date) as Date },
      { id: live!.id, status: 'running', finishedAt: null },
    ]);
    expect((await db.select().from(machineImportRows)).map((row) => row.importId)).toEqual([live!.id]);
    const count = async (
      table: typeof sessions | typeof rateLimitHits | typeof authTokens | typeof mailOutbox,
    ) =>
      ((await db.execute(sql`SELECT count(*)::int AS n FROM ${table}`)) as { rows: { n: number }[] }).rows[0]!
        .n;
    expect([
      await count(sessions),
      await count(rateLimitHits),
      await count(authTokens),
      await count(mailOutbox),
    ]).toEqual([1, 1, 1, 3]);
  });
});
