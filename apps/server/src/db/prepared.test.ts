import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/db/schema/users.ts';
import { insertUser } from '#app/test/accounts.ts';
import { createTestDatabase } from '#app/test/app.ts';
import { statementsDuring } from '#app/test/statements.ts';
import type { Database } from './client.ts';
import { preparedStatements, statementName } from './prepared.ts';

describe('prepared statements per handle and shape', () => {
  let database: Database;
  let built: string[] = [];
  const byEmail = preparedStatements(
    'test_user_by_email',
    (order: 'asc' | 'desc') => order,
    (db, order) => {
      built.push(order);
      return db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.email, sql.placeholder('email')))
        .orderBy(order === 'asc' ? sql`${users.id} ASC` : sql`${users.id} DESC`);
    },
  );

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertUser(database.db, { email: 'prepared-a@example.com' });
    await insertUser(database.db, { email: 'prepared-b@example.com' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('builds a shape once and fills its placeholders on every call', async () => {
    built = [];
    const statement = byEmail(database.db, 'asc');
    expect(byEmail(database.db, 'asc')).toBe(statement);
    expect(await statement.execute({ email: 'prepared-a@example.com' })).toMatchObject([
      { email: 'prepared-a@example.com' },
    ]);
    expect(await statement.execute({ email: 'prepared-b@example.com' })).toMatchObject([
      { email: 'prepared-b@example.com' },
    ]);
    expect(built).toEqual(['asc']);
  });

  it('gives each shape its own statement', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const sent = await statementsDuring(database, () =>
        byEmail(database.db, order).execute({ email: 'prepared-a@example.com' }),
      );
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain(order.toUpperCase());
    }
    expect(byEmail(database.db, 'asc')).not.toBe(byEmail(database.db, 'desc'));
  });

  it('builds a shape whose key is null on every call, with the same placeholders', async () => {
    const rare = preparedStatements(
      'test_user_rare',
      (order: 'asc' | 'desc') => (order === 'desc' ? null : order),
      (db, order) => {
        built.push(order);
        return db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.email, sql.placeholder('email')))
          .orderBy(order === 'asc' ? sql`${users.id} ASC` : sql`${users.id} DESC`);
      },
    );
    built = [];
    expect(rare(database.db, 'desc')).not.toBe(rare(database.db, 'desc'));
    expect(rare(database.db, 'asc')).toBe(rare(database.db, 'asc'));
    expect(built).toEqual(['desc', 'desc', 'asc']);
    expect(await rare(database.db, 'desc').execute({ email: 'prepared-b@example.com' })).toEqual([
      { email: 'prepared-b@example.com' },
    ]);
  });

  it('names a statement by its text, so that two texts never share a name', () => {
    const label = 'x'.repeat(46);
    const a = statementName(label, 'SELECT 1');
    expect(statementName(label, 'SELECT 1')).toBe(a);
    expect(statementName(label, 'SELECT 2')).not.toBe(a);
    expect(a.length).toBeLessThanOrEqual(63);
  });

  it('refuses a label PostgreSQL would cut short', () => {
    expect(() => preparedStatements('x'.repeat(47), String, (db) => db.select().from(users))).toThrow(
      /too long/,
    );
  });
});
