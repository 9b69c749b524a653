import {
  STAFF_ROLES,
  type StaffAccount,
  type StaffAccountPage,
  type StaffAccountQuerySchema,
  type StaffAccountStatus,
} from '@care/contract/staff-accounts';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#app/db/client.ts';
import { sessions } from '#app/db/schema/sessions.ts';
import { type UserStatus, users } from '#app/db/schema/users.ts';
import { containsPattern, searchTextOf } from '#app/db/search-text.ts';
import { userColumns } from '#app/db/signed-in-user.ts';

/** A staff account's status is the users.status of the row, named for the admin screen. */
const STATUS_OF: Record<UserStatus, StaffAccountStatus> = {
  pending: 'invited',
  active: 'active',
  deactivated: 'disabled',
};
const USER_STATUS_OF: Record<StaffAccountStatus, UserStatus> = {
  invited: 'pending',
  active: 'active',
  disabled: 'deactivated',
};

// `${users}.id`, not `${users.id}`: drizzle writes a bare "id" in a one-table select, which the subquery would
// read as the session's own id.
const activeSessions = sql<number>`(
  SELECT count(*)::int FROM ${sessions} s
  WHERE s.user_id = ${users}.id AND s.expires_at > now() AND s.idle_expires_at > now())`;

/** A staff row's own columns (the change services lock and read these). */
export const staffColumns = {
  ...userColumns,
  status: users.status,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};
const columns = { ...staffColumns, activeSessions };

type Row = Pick<typeof users.$inferSelect, Exclude<keyof typeof columns, 'activeSessions'>> & {
  activeSessions: number;
};

function toStaffAccount(row: Row): StaffAccount {
  return {
    id: String(row.id),
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as StaffAccount['role'],
    language: row.language,
    status: STATUS_OF[row.status],
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    activeSessions: Number(row.activeSessions),
  };
}

const isStaff = inArray(users.role, [...STAFF_ROLES]);

/** One staff account (roles service, sales, admin), or null: a customer's id is not one. */
export async function getStaffAccount(db: Db, id: number): Promise<StaffAccount | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), isStaff));
  return row ? toStaffAccount(row) : null;
}

/**
 * GET api/admin/staff-accounts: staff by last and first name, filtered by name or e-mail (the folded,
 * trigram-indexed users.search_text), role and status. Staff are a few hundred rows at most, so an exact count.
 */
export async function listStaffAccounts(
  db: Db,
  query: z.output<typeof StaffAccountQuerySchema>,
): Promise<StaffAccountPage> {
  const conditions: SQL[] = [isStaff];
  const text = searchTextOf(query.q);
  if (text) conditions.push(sql`${users.searchText} LIKE ${containsPattern(text)}`);
  if (query.role?.length) conditions.push(inArray(users.role, query.role));
  if (query.status?.length)
    conditions.push(
      inArray(
        users.status,
        query.status.map((s) => USER_STATUS_OF[s]),
      ),
    );
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    items: rows.map(toStaffAccount),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
