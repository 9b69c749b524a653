import {
  CUSTOMER_COUNT_LIMIT,
  type CustomerStatus,
  type StaffCustomersPage,
  type StaffCustomersQuerySchema,
} from '@care/contract/customers';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#app/db/client.ts';
import { fullName } from '#app/db/display-name.ts';
import { machines } from '#app/db/schema/machines.ts';
import { users } from '#app/db/schema/users.ts';
import { containsPattern, foldedContains, machineSearchText, searchTextOf } from '#app/db/search-text.ts';

type Query = z.output<typeof StaffCustomersQuerySchema>;

/**
 * The conditions on `u` (users). A search text becomes `u.id IN (… UNION …)` over the two trigram indexes
 * (users_search_text_trgm_idx for name, e-mail, phone, PESEL/NIP; machines_search_text_trgm_idx for the owned
 * machines' serial numbers and names): an `OR` of the two would make PostgreSQL scan every customer.
 */
export function conditionsOf(query: Pick<Query, 'q' | 'status'>): SQL[] {
  const conditions: SQL[] = [sql`u.role = 'customer'`];
  if (query.status?.length) {
    conditions.push(
      sql`u.status IN (${sql.join(
        query.status.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    );
  }
  const text = searchTextOf(query.q);
  // A free machine's NULL owner in the IN list matches nobody; leaving it there keeps the trigram index the only
  // one that serves this part (a partial index on owned machines looked cheaper on small tables).
  if (text) {
    conditions.push(sql`u.id IN (
      SELECT s.id FROM ${users} s WHERE s.search_text LIKE ${containsPattern(text)}
      UNION
      SELECT m.owner_id FROM ${machines} m
      WHERE ${foldedContains(machineSearchText(sql`m.name`, sql`m.serial_number`), text)})`);
  }
  return conditions;
}

interface Row {
  id: number | string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  status: CustomerStatus;
  created_at: Date | string;
  last_login_at: Date | string | null;
  machine_count: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * GET api/staff/customers: newest accounts first (users_role_created_at_idx), the page's machine counts only,
 * and the total counted up to CUSTOMER_COUNT_LIMIT, so a broad search costs a page, not the whole table.
 */
export async function searchCustomers(db: Db, query: Query): Promise<StaffCustomersPage> {
  const where = sql.join(conditionsOf(query), sql` AND `);
  const result = (await db.execute(sql`
    WITH page AS (
      SELECT u.id, u.created_at FROM ${users} u
      WHERE ${where}
      ORDER BY u.created_at DESC, u.id DESC
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}
    )
    SELECT c.id, c.first_name, c.last_name, c.email, c.phone, c.status, c.created_at, c.last_login_at,
      (SELECT count(*)::int FROM ${machines} m WHERE m.owner_id = c.id) AS machine_count
    FROM page JOIN ${users} c ON c.id = page.id
    ORDER BY page.created_at DESC, page.id DESC`)) as { rows: Row[] };
  const counted = (await db.execute(sql`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM ${users} u WHERE ${where} LIMIT ${CUSTOMER_COUNT_LIMIT + 1}
    ) matching`)) as { rows: { n: number }[] };
  const matching = counted.rows[0]!.n;
  return {
    items: result.rows.map((row) => ({
      id: String(row.id),
      name: fullName({ firstName: row.first_name, lastName: row.last_name }),
      email: row.email,
      phone: row.phone ?? '',
      status: row.status,
      createdAt: iso(row.created_at),
      lastLoginAt: row.last_login_at === null ? null : iso(row.last_login_at),
      machineCount: row.machine_count,
    })),
    total: Math.min(matching, CUSTOMER_COUNT_LIMIT),
    totalCapped: matching > CUSTOMER_COUNT_LIMIT,
    page: query.page,
    pageSize: query.pageSize,
  };
}
