import type { AuditPage, AuditQuerySchema } from '@care/contract/audit';
import { ID_PATTERN } from '@care/contract/paging';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#app/db/client.ts';
import { auditLog } from '#app/db/schema/audit.ts';
import { users } from '#app/db/schema/users.ts';
import { foldedContains, searchTextOf } from '#app/db/search-text.ts';
import { startOfPortalDay } from '#app/db/portal-day.ts';

type AuditQuery = z.output<typeof AuditQuerySchema>;

/**
 * The filters as conditions. Each exact filter (actor, kind, subject) has its index with the time order in
 * db/schema/audit.ts, so a page walks that index backwards; the text filters (person, subject label) are
 * checked on the rows the time order walks, so an operator narrows by date or kind first on a large log.
 */
function conditionsOf(query: AuditQuery): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  if (query.actorId) conditions.push(eq(auditLog.actorId, Number(query.actorId)));
  if (query.kind?.length) conditions.push(inArray(auditLog.kind, query.kind));
  if (query.from) conditions.push(sql`${auditLog.at} >= ${startOfPortalDay(query.from)}`);
  if (query.to) conditions.push(sql`${auditLog.at} < ${startOfPortalDay(query.to, 1)}`);
  if (query.subjectType) conditions.push(eq(auditLog.subjectType, query.subjectType));
  if (query.subjectId) conditions.push(eq(auditLog.subjectId, query.subjectId));
  const person = searchTextOf(query.person);
  if (person) conditions.push(foldedContains(sql`${auditLog.actorLabel}`, person));
  const subject = searchTextOf(query.subject);
  if (subject) conditions.push(foldedContains(sql`${auditLog.subjectLabel}`, subject));
  if (query.cursor) {
    // Keyset on (at, id): the entries older than the last one shown, however many came in meanwhile.
    conditions.push(
      sql`(${auditLog.at}, ${auditLog.id}) < (SELECT c.at, c.id FROM ${auditLog} c WHERE c.id = ${Number(query.cursor)})`,
    );
  }
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** GET api/admin/audit: one page of the log, newest first, and the cursor of the next. */
export async function listAuditLog(db: Db, query: AuditQuery): Promise<AuditPage> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditionsOf(query)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    // One more than asked: whether there is a next page, without counting the whole log.
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const roles = await accountRolesOf(db, page);
  return {
    entries: page.map((row) => {
      const role = row.subjectType === 'user' ? roles.get(row.subjectId) : undefined;
      return {
        ...row,
        id: String(row.id),
        at: row.at.toISOString(),
        actorId: row.actorId === null ? null : String(row.actorId),
        subjectAccount: role === undefined ? null : role === 'customer' ? 'customer' : 'staff',
      };
    }),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
  };
}

/** The current role of each person a page's entries are about (one lookup by primary key for the page). */
async function accountRolesOf(db: Db, entries: readonly { subjectType: string; subjectId: string }[]) {
  const ids = [
    ...new Set(
      entries
        .filter((entry) => entry.subjectType === 'user' && ID_PATTERN.test(entry.subjectId))
        .map((entry) => Number(entry.subjectId)),
    ),
  ];
  if (ids.length === 0) return new Map<string, string>();
  const found = await db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((row) => [String(row.id), row.role]));
}
