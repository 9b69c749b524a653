import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.ts';
import { migrate } from '#app/db/migrate.ts';
import { auditLog } from '#app/db/schema/audit.ts';
import { createTestDatabase } from '#app/test/app.ts';
import { recordAudit } from './audit.ts';

describe('audit log', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database);
  });
  afterAll(() => database.close());

  it('commits with the change it records and rolls back with it', async () => {
    const entry = {
      kind: 'staff.role',
      subject: { type: 'user', id: 7, label: 'anna@example.com' },
      before: { role: 'service' },
      after: { role: 'admin' },
    } as const;
    await database.db.transaction(async (tx) =>
      recordAudit(tx, { id: 1, email: 'admin@example.com' }, entry),
    );
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit(tx, { id: 1, email: 'admin@example.com' }, { ...entry, reason: 'rolled back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await database.db.select().from(auditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: 1,
      actorLabel: 'admin@example.com',
      kind: 'staff.role',
      subjectType: 'user',
      subjectId: '7',
      before: { role: 'service' },
      after: { role: 'admin' },
      reason: null,
    });
  });

  it('cannot be changed or deleted, not even by SQL', async () => {
    await recordAudit(
      database.db,
      { id: null, email: 'cli' },
      {
        kind: 'machines.imported',
        subject: { type: 'machine-import', id: 1 },
      },
    );
    await expect(
      database.db.execute(sql`UPDATE audit_log SET actor_label = 'someone else'`),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    expect((await database.db.select().from(auditLog)).length).toBeGreaterThanOrEqual(2);
  });
});
