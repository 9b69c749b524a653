import { INTAKE_CUSTOMER_LIMIT, type IntakeCustomer, type IntakeMachine } from '@care/contract/intake';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { machines } from '#app/db/schema/machines.ts';
import { userAddresses, users } from '#app/db/schema/users.ts';
import { containsPattern, foldSql, searchTextOf } from '#app/db/search-text.ts';
import { notFound } from '#app/plugins/errors.ts';

/** An account a request may be filed for: a customer whose account is active. */
const isActiveCustomer = and(eq(users.role, 'customer'), eq(users.status, 'active'))!;

/** The active customer `id` with what the intake's e-mail needs; anyone else (staff, pending, gone) is NOT_FOUND. */
export async function findActiveCustomer(db: Db, id: number) {
  const [customer] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
    })
    .from(users)
    .where(and(eq(users.id, id), isActiveCustomer));
  if (!customer) throw notFound();
  return customer;
}

/**
 * GET api/staff/intake/customers?q: active customers whose name, e-mail, phone, PESEL/NIP (users.search_text) or
 * company name holds q, case and diacritics ignored, each side over its trigram index; the first
 * INTAKE_CUSTOMER_LIMIT by name. Under 3 characters: none (the screen asks for more).
 */
export async function searchIntakeCustomers(db: Db, q: string | undefined): Promise<IntakeCustomer[]> {
  const text = searchTextOf(q);
  if (text === null) return [];
  const pattern = containsPattern(text);
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      companyName: userAddresses.companyName,
    })
    .from(users)
    .leftJoin(userAddresses, eq(userAddresses.userId, users.id))
    .where(
      and(
        isActiveCustomer,
        sql`${users.id} IN (
          SELECT s.id FROM ${users} s WHERE s.search_text LIKE ${pattern}
          UNION
          SELECT ${userAddresses.userId} FROM ${userAddresses}
          WHERE ${foldSql(sql`coalesce(${userAddresses.companyName}, '')`)} LIKE ${pattern})`,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(INTAKE_CUSTOMER_LIMIT);
  return rows.map((row) => ({
    id: String(row.id),
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phone: row.phone ?? '',
    companyName: row.companyName || null,
  }));
}

/** GET api/staff/intake/customers/{id}/machines: an active customer's machines by name; anyone else NOT_FOUND. */
export async function listIntakeMachines(db: Db, customerId: number): Promise<IntakeMachine[]> {
  await findActiveCustomer(db, customerId);
  const rows = await db
    .select({ id: machines.id, name: machines.name, serialNumber: machines.serialNumber })
    .from(machines)
    .where(eq(machines.ownerId, customerId))
    .orderBy(asc(machines.name), asc(machines.serialNumber));
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}
