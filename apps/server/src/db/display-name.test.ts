import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.ts';
import { users } from '#app/db/schema/users.ts';
import { insertUser } from '#app/test/accounts.ts';
import { createTestDatabase } from '#app/test/app.ts';
import { displayName, displayNameSql, fullName } from './display-name.ts';

describe('display name', () => {
  let database: Database;
  const people = [
    { email: 'jan@example.com', firstName: 'Jan', lastName: 'Kowalski' },
    { email: 'only-first@example.com', firstName: 'Anna', lastName: '' },
    { email: 'only-last@example.com', firstName: '', lastName: 'Nowak' },
    { email: 'nameless@example.com', firstName: '', lastName: '' },
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const person of people) await insertUser(database.db, person);
  });
  afterAll(async () => {
    await database.close();
  });

  it('is the full name, or the e-mail address of an account without a name', () => {
    expect(people.map(displayName)).toEqual(['Jan Kowalski', 'Anna', 'Nowak', 'nameless@example.com']);
    expect(fullName({ firstName: '', lastName: '' })).toBe('');
  });

  it('reads the same in SQL as in JavaScript, for the table and for an alias of it', async () => {
    const author = alias(users, 'author');
    const rows = await database.db
      .select({ email: users.email, name: displayNameSql(users), aliased: displayNameSql(author) })
      .from(users)
      .innerJoin(author, eq(author.id, users.id))
      .orderBy(asc(users.id));
    expect(rows.map((row) => row.name)).toEqual(people.map(displayName));
    expect(rows.map((row) => row.aliased)).toEqual(people.map(displayName));
  });

  it('is null in SQL where a left join found no account (a removed author, the command line)', async () => {
    const nobody = alias(users, 'nobody');
    const [row] = await database.db
      .select({ name: displayNameSql(nobody) })
      .from(users)
      .leftJoin(nobody, eq(nobody.id, -1))
      .limit(1);
    expect(row!.name).toBeNull();
  });
});
