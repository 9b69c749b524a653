import { UPLOAD_CONTENT_TYPES, UPLOAD_EXTENSIONS } from '@care/contract/files';
import {
  type Attachment,
  isFinalStatus,
  type ServiceRequestDetails,
  type ServiceRequestElement,
  type ServiceRequestElements,
  type ServiceRequestListQuerySchema,
  type ServiceRequestPage,
  type ServiceRequestSortField,
} from '@care/contract/service-requests';
import { isServiceStaffRole } from '@care/contract/roles';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#app/db/client.ts';
import { displayNameSql } from '#app/db/display-name.ts';
import { chatUnreadCounts } from '#app/db/schema/chat.ts';
import { files } from '#app/db/schema/files.ts';
import { machines } from '#app/db/schema/machines.ts';
import {
  serviceRequestAttachments,
  serviceRequestElements,
  serviceRequests,
  serviceRequestStatusHistory,
} from '#app/db/schema/service-requests.ts';
import { users } from '#app/db/schema/users.ts';
import { foldedContains, machineSearchText, searchTextOf } from '#app/db/search-text.ts';
import { notFound } from '#app/plugins/errors.ts';
import type { UploadLimits } from '#app/files/uploads.ts';
import type { Actor } from '#app/plugins/session.ts';

type ServiceRequestListQuery = z.output<typeof ServiceRequestListQuerySchema>;

/**
 * Chat messages of request `requestId` written by someone other than `userId` after that user's read marker
 * (no marker: all of them), as counted in the writing transactions (chat_unread_counts, docs/decisions/056): the
 * user's counter, a primary-key probe. A user without one has no marker there and wrote nothing, so every
 * message of the request is unread for them (service_requests.chat_message_count).
 */
export function unreadCountSql(requestId: SQL | typeof serviceRequests.id, userId: number): SQL<number> {
  return sql<number>`coalesce(
    (SELECT uc.unread_count FROM ${chatUnreadCounts} uc
      WHERE uc.user_id = ${userId} AND uc.service_request_id = ${requestId}),
    (SELECT ur.chat_message_count FROM ${serviceRequests} ur WHERE ur.id = ${requestId}))`;
}

/**
 * GET api/service-requests/user-owned: the customer's requests, filtered, sorted and paged in SQL, with unread
 * counts computed for the page's rows only.
 *
 * The customer's rows are a CTE used twice (page and total), which PostgreSQL materialises: they always come
 * from service_requests_customer_report_date_idx, so the cost is bounded by the customer's own requests whatever
 * the sort, including sorts by the machine's name (docs/decisions/016).
 */
export async function listOwnServiceRequests(
  db: Db,
  actor: Actor,
  query: ServiceRequestListQuery,
): Promise<ServiceRequestPage> {
  const mine = db.$with('mine').as(
    db
      .select({
        id: serviceRequests.id,
        code: serviceRequests.code,
        machineId: serviceRequests.machineId,
        status: serviceRequests.status,
        reportDate: serviceRequests.reportDate,
        estimatedCompletionDate: serviceRequests.estimatedCompletionDate,
        completionDate: serviceRequests.completionDate,
      })
      .from(serviceRequests)
      .where(eq(serviceRequests.customerId, actor.id)),
  );
  const conditions: SQL[] = [];
  const text = searchTextOf(query.q);
  // The code, or the machine's name or serial number (what the search field says); the machine is looked up
  // only for the customer's own rows, so the cost stays bounded by them.
  if (text)
    conditions.push(
      or(
        foldedContains(sql`${mine.code}`, text),
        sql`EXISTS (SELECT 1 FROM ${machines} WHERE ${machines.id} = ${mine.machineId} AND ${foldedContains(
          machineSearchText(sql`${machines.name}`, sql`${machines.serialNumber}`),
          text,
        )})`,
      )!,
    );
  if (query.status?.length) conditions.push(inArray(mine.status, query.status));
  if (query.machineId) conditions.push(eq(mine.machineId, Number(query.machineId)));
  const where = conditions.length ? and(...conditions)! : sql`true`;
  const sortKeys: Record<ServiceRequestSortField, SQL> = {
    code: sql`${mine.code}`,
    reportDate: sql`${mine.reportDate}`,
    status: sql`${mine.status}`,
    machineName: sql`${machines.name}`,
    machineSerialNumber: sql`${machines.serialNumber}`,
    estimatedCompletionDate: sql`${mine.estimatedCompletionDate}`,
    completionDate: sql`${mine.completionDate}`,
  };
  // Dates not set yet sort last in either order, as on the machines list.
  const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
  const nulls =
    query.sort === 'estimatedCompletionDate' || query.sort === 'completionDate' ? sql`NULLS LAST` : sql``;
  const byMachine = query.sort === 'machineName' || query.sort === 'machineSerialNumber';
  const filtered = db
    .with(mine)
    .select({
      sortKey: sql<unknown>`${sortKeys[query.sort]}`.as('sort_key'),
      id: mine.id,
      code: mine.code,
      machineId: mine.machineId,
      status: mine.status,
      reportDate: mine.reportDate,
      estimatedCompletionDate: mine.estimatedCompletionDate,
      completionDate: mine.completionDate,
      total: sql<number>`(SELECT count(*)::int FROM ${mine} WHERE ${where})`.as('total'),
    })
    .from(mine);
  // The machine is joined before paging only when it is the sort key; otherwise only for the page's rows.
  const page = (byMachine ? filtered.innerJoin(machines, eq(machines.id, mine.machineId)) : filtered)
    .where(where)
    .orderBy(sql`${sortKeys[query.sort]} ${direction} ${nulls}`, sql`${mine.id} ${direction}`)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
  const rows = await db
    .select({
      id: page.id,
      code: page.code,
      machineId: page.machineId,
      machineName: machines.name,
      machineSerialNumber: machines.serialNumber,
      status: page.status,
      reportDate: page.reportDate,
      estimatedCompletionDate: page.estimatedCompletionDate,
      completionDate: page.completionDate,
      unreadCount: unreadCountSql(sql`${page.id}`, actor.id),
      total: page.total,
    })
    .from(page)
    .innerJoin(machines, eq(machines.id, page.machineId))
    .orderBy(sql`${page.sortKey} ${direction} ${nulls}`, sql`${page.id} ${direction}`);
  // Past the last page no row carries the total: the first page has it (or there are none).
  const total =
    rows[0]?.total ??
    (query.page === 1
      ? 0
      : (await listOwnServiceRequests(db, actor, { ...query, page: 1, pageSize: 1 })).total);
  return {
    items: rows.map(({ total: _, ...row }) => ({
      ...row,
      id: String(row.id),
      machineId: String(row.machineId),
      reportDate: row.reportDate.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The request's id and status if `actor` may read it (its customer, or service staff); else NOT_FOUND. */
export async function findReadableRequest(
  db: Db,
  actor: Actor,
  id: number,
): Promise<{ id: number; status: ServiceRequestDetails['status'] }> {
  const [row] = await db
    .select({ id: serviceRequests.id, status: serviceRequests.status })
    .from(serviceRequests)
    .where(
      isServiceStaffRole(actor.role)
        ? eq(serviceRequests.id, id)
        : and(eq(serviceRequests.id, id), eq(serviceRequests.customerId, actor.id)),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}

function elementOf(code: string | null, label: unknown): ServiceRequestElement | null {
  if (!code) return null;
  // A code without an element row (never deleted, but imported data may lack one) shows as itself.
  return {
    code,
    label: (label as ServiceRequestElement['label'] | null) ?? { default: 'pl', values: { pl: code } },
  };
}

/** The attachments of a request, oldest first. */
export async function listAttachments(db: Db, serviceRequestId: number): Promise<Attachment[]> {
  const rows = await db
    .select({
      id: files.id,
      name: files.originalName,
      contentType: files.contentType,
      sizeBytes: files.sizeBytes,
      addedAt: serviceRequestAttachments.addedAt,
      addedBy: displayNameSql(users),
      addedByRole: users.role,
      isInitial: serviceRequestAttachments.isInitial,
    })
    .from(serviceRequestAttachments)
    .innerJoin(files, eq(files.id, serviceRequestAttachments.fileId))
    .leftJoin(users, eq(users.id, serviceRequestAttachments.addedBy))
    .where(eq(serviceRequestAttachments.serviceRequestId, serviceRequestId))
    .orderBy(asc(serviceRequestAttachments.addedAt), asc(files.createdAt), asc(files.id));
  return rows.map(({ addedByRole, ...row }) => ({
    ...row,
    addedAt: row.addedAt.toISOString(),
    addedByStaff: addedByRole !== null && addedByRole !== 'customer',
  }));
}

/**
 * Every field of a request (SPEC §3) with its history and attachments, WITHOUT an ownership check: for staff
 * screens and for callers that checked access already. Customers go through `getServiceRequest`.
 */
export async function getServiceRequestDetails(db: Db, id: number): Promise<ServiceRequestDetails> {
  const transport = alias(serviceRequestElements, 'transport');
  const delivery = alias(serviceRequestElements, 'delivery');
  const [row] = await db
    .select({
      id: serviceRequests.id,
      code: serviceRequests.code,
      reportDate: serviceRequests.reportDate,
      estimatedCompletionDate: serviceRequests.estimatedCompletionDate,
      completionDate: serviceRequests.completionDate,
      status: serviceRequests.status,
      transportType: serviceRequests.transportType,
      transportLabel: transport.label,
      deliveryPlace: serviceRequests.deliveryPlace,
      deliveryLabel: delivery.label,
      problemDescription: serviceRequests.problemDescription,
      comments: serviceRequests.comments,
      serviceOpinion: serviceRequests.serviceOpinion,
      additionalParts: serviceRequests.additionalParts,
      machineId: machines.id,
      machineName: machines.name,
      machineSerialNumber: machines.serialNumber,
    })
    .from(serviceRequests)
    .innerJoin(machines, eq(machines.id, serviceRequests.machineId))
    .leftJoin(
      transport,
      and(eq(transport.kind, 'transport_type'), eq(transport.code, serviceRequests.transportType)),
    )
    .leftJoin(
      delivery,
      and(eq(delivery.kind, 'delivery_place'), eq(delivery.code, serviceRequests.deliveryPlace)),
    )
    .where(eq(serviceRequests.id, id))
    .limit(1);
  if (!row) throw notFound();
  const [history, attachments] = await Promise.all([
    db
      .select({
        fromStatus: serviceRequestStatusHistory.fromStatus,
        toStatus: serviceRequestStatusHistory.toStatus,
        changedAt: serviceRequestStatusHistory.changedAt,
        changedBy: displayNameSql(users),
      })
      .from(serviceRequestStatusHistory)
      .leftJoin(users, eq(users.id, serviceRequestStatusHistory.changedBy))
      .where(eq(serviceRequestStatusHistory.serviceRequestId, id))
      .orderBy(asc(serviceRequestStatusHistory.changedAt), asc(serviceRequestStatusHistory.id)),
    listAttachments(db, id),
  ]);
  return {
    id: String(row.id),
    code: row.code,
    reportDate: row.reportDate.toISOString(),
    estimatedCompletionDate: row.estimatedCompletionDate,
    completionDate: row.completionDate,
    status: row.status,
    statusHistory: history.map((entry) => ({ ...entry, changedAt: entry.changedAt.toISOString() })),
    transportType: elementOf(row.transportType, row.transportLabel),
    deliveryPlace: elementOf(row.deliveryPlace, row.deliveryLabel),
    problemDescription: row.problemDescription,
    comments: row.comments,
    serviceOpinion: row.serviceOpinion,
    additionalParts: row.additionalParts,
    machine: { id: String(row.machineId), name: row.machineName, serialNumber: row.machineSerialNumber },
    attachments,
    canAddAppendices: !isFinalStatus(row.status),
  };
}

/** GET api/service-requests/{id}: the customer's own request, or any request for service staff. */
export async function getServiceRequest(db: Db, actor: Actor, id: number): Promise<ServiceRequestDetails> {
  await findReadableRequest(db, actor, id);
  return getServiceRequestDetails(db, id);
}

/** GET api/service-requests/elements: the active choices of the form, and the upload limits in force. */
export async function listElements(db: Db, limits: UploadLimits): Promise<ServiceRequestElements> {
  const rows = await db
    .select({
      kind: serviceRequestElements.kind,
      code: serviceRequestElements.code,
      label: serviceRequestElements.label,
    })
    .from(serviceRequestElements)
    .where(eq(serviceRequestElements.active, true))
    .orderBy(asc(serviceRequestElements.sortOrder), asc(serviceRequestElements.id));
  const of = (kind: string) =>
    rows.filter((row) => row.kind === kind).map(({ code, label }) => ({ code, label }));
  return {
    transportTypes: of('transport_type'),
    deliveryPlaces: of('delivery_place'),
    uploadLimits: {
      ...limits,
      contentTypes: [...UPLOAD_CONTENT_TYPES],
      extensions: [...UPLOAD_EXTENSIONS],
    },
  };
}
