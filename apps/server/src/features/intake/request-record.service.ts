import type { RequestLink, RequestRecord } from '@care/contract/intake';
import { isServiceStaffRole } from '@care/contract/roles';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#app/db/client.ts';
import { displayNameSql } from '#app/db/display-name.ts';
import { serviceRequestCorrections } from '#app/db/schema/service-request-corrections.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { users } from '#app/db/schema/users.ts';
import { notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';

const link = (row: { id: number; code: string; status: RequestLink['status'] }): RequestLink => ({
  ...row,
  id: String(row.id),
});

const linkFields = { id: serviceRequests.id, code: serviceRequests.code, status: serviceRequests.status };

/**
 * GET api/service-requests/{id}/record (docs/decisions/064): who filed the request when it was not its customer,
 * the request it duplicates and those duplicating it, and its corrections, oldest first. Its customer or service
 * staff; anyone else's is NOT_FOUND. The corrections' reasons are the staff's: the customer's answer leaves them
 * out (the customer sees what changed, by whom and when).
 */
export async function getRequestRecord(db: Db, actor: Actor, id: number): Promise<RequestRecord> {
  const isStaff = isServiceStaffRole(actor.role);
  const filer = alias(users, 'filer');
  const [request] = await db
    .select({
      duplicateOf: serviceRequests.duplicateOf,
      reportDate: serviceRequests.reportDate,
      filedBy: serviceRequests.filedBy,
      filerName: displayNameSql(filer),
    })
    .from(serviceRequests)
    .leftJoin(filer, eq(filer.id, serviceRequests.filedBy))
    .where(
      isStaff
        ? eq(serviceRequests.id, id)
        : and(eq(serviceRequests.id, id), eq(serviceRequests.customerId, actor.id)),
    );
  if (!request) throw notFound();

  const [original] =
    request.duplicateOf === null
      ? []
      : await db.select(linkFields).from(serviceRequests).where(eq(serviceRequests.id, request.duplicateOf));
  const duplicates = await db
    .select(linkFields)
    .from(serviceRequests)
    .where(eq(serviceRequests.duplicateOf, id))
    .orderBy(asc(serviceRequests.id));
  const changer = alias(users, 'changer');
  const c = serviceRequestCorrections;
  const corrections = await db
    .select({
      field: c.field,
      from: c.fromLabel,
      to: c.toLabel,
      changedBy: displayNameSql(changer),
      changedAt: c.changedAt,
      reason: c.reason,
    })
    .from(c)
    .leftJoin(changer, eq(changer.id, c.changedBy))
    .where(eq(c.serviceRequestId, id))
    .orderBy(asc(c.changedAt), asc(c.id));

  return {
    filedBy:
      request.filedBy === null
        ? null
        : { name: request.filerName ?? '', at: request.reportDate.toISOString() },
    duplicateOf: original ? link(original) : null,
    duplicates: duplicates.map(link),
    corrections: corrections.map(({ reason, ...entry }) => ({
      ...entry,
      changedBy: entry.changedBy ?? '',
      changedAt: entry.changedAt.toISOString(),
      ...(isStaff ? { reason } : {}),
    })),
  };
}
