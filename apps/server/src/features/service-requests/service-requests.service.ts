import { UPLOAD_CONTENT_TYPES, UPLOAD_EXTENSIONS } from '@care/contract/files';
import {
  type Attachment,
  type EstimateChange,
  isFinalStatus,
  type StatusHistoryEntry,
  type ServiceRequestDetails,
  type ServiceRequestElement,
  type ServiceRequestElements,
  type ServiceRequestListQuerySchema,
  type ServiceRequestPage,
  type ServiceRequestSortField,
} from '@care/contract/service-requests';
import { isServiceStaffRole } from '@care/contract/roles';
import { and, asc, eq, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#app/db/client.ts';
import { displayNameSql } from '#app/db/display-name.ts';
import { chatUnreadCounts } from '#app/db/schema/chat.ts';
import { serviceRequestRatings } from '#app/db/schema/ratings.ts';
import { files } from '#app/db/schema/files.ts';
import { machines } from '#app/db/schema/machines.ts';
import {
  serviceRequestAttachments,
  serviceRequestElements,
  serviceRequestEstimateChanges,
  serviceRequests,
  serviceRequestStatusHistory,
} from '#app/db/schema/service-requests.ts';
import { users } from '#app/db/schema/users.ts';
import { containsPattern, foldedMatches, machineSearchText, searchTextOf } from '#app/db/search-text.ts';
import { notFound } from '#app/plugins/errors.ts';
import type { UploadLimits } from '#app/files/uploads.ts';
import type { Actor } from '#app/plugins/session.ts';
import { preparedStatements } from '#app/db/prepared.ts';
import { totalOfPage } from '#app/db/paging.ts';

type ServiceRequestListQuery = z.output<typeof ServiceRequestListQuerySchema>;

/**
 * Chat messages of request `requestId` written by someone other than `userId` after that user's read marker
 * (no marker: all of them), as counted in the writing transactions (chat_unread_counts, docs/decisions/056): the
 * user's counter, a primary-key probe. A user without one has no marker there and wrote nothing, so every
 * message of the request is unread for them (service_requests.chat_message_count). `userId` may be a
 * placeholder of a prepared statement.
 */
export function unreadCountSql(
  requestId: SQL | typeof serviceRequests.id,
  userId: SQLWrapper | number,
): SQL<number> {
  return sql<number>`coalesce(
    (SELECT uc.unread_count FROM ${chatUnreadCounts} uc
      WHERE uc.user_id = ${userId} AND uc.service_request_id = ${requestId}),
    (SELECT ur.chat_message_count FROM ${serviceRequests} ur WHERE ur.id = ${requestId}))`;
}

type ListShape = Pick<ServiceRequestListQuery, 'sort' | 'order'> & {
  search: boolean;
  status: boolean;
  machine: boolean;
};

/**
 * The customer's requests, filtered, sorted and paged, with unread counts computed for the page's rows only and
 * the number of matching rows on each row, in one statement.
 *
 * The customer's rows are a CTE used twice (page and total), which PostgreSQL materialises: they always come
 * from service_requests_customer_report_date_idx, so the cost is bounded by the customer's own requests whatever
 * the sort, including sorts by the machine's name (docs/decisions/016).
 *
 * Prepared per sort, order and filters used (at most 7 × 2 × 2 × 2 × 2 statements, db/prepared.ts): the
 * customer, the search pattern, the statuses (`= ANY`), the machine and the page are placeholders.
 */
const ownRequestsPage = preparedStatements(
  'service_requests_list',
  (shape: ListShape) => `${shape.sort}.${shape.order}.${shape.search}.${shape.status}.${shape.machine}`,
  (db, shape) => {
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
        .where(eq(serviceRequests.customerId, sql.placeholder('customerId'))),
    );
    const conditions: SQL[] = [];
    // The code, or the machine's name or serial number (what the search field says); the machine is looked up
    // only for the customer's own rows, so the cost stays bounded by them.
    if (shape.search) {
      const pattern = sql.placeholder('pattern');
      conditions.push(
        or(
          foldedMatches(sql`${mine.code}`, pattern),
          sql`EXISTS (SELECT 1 FROM ${machines} WHERE ${machines.id} = ${mine.machineId} AND ${foldedMatches(
            machineSearchText(sql`${machines.name}`, sql`${machines.serialNumber}`),
            pattern,
          )})`,
        )!,
      );
    }
    if (shape.status) conditions.push(sql`${mine.status} = ANY(${sql.placeholder('statuses')})`);
    if (shape.machine) conditions.push(eq(mine.machineId, sql.placeholder('machineId')));
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
    const direction = shape.order === 'asc' ? sql`ASC` : sql`DESC`;
    const nulls =
      shape.sort === 'estimatedCompletionDate' || shape.sort === 'completionDate' ? sql`NULLS LAST` : sql``;
    const byMachine = shape.sort === 'machineName' || shape.sort === 'machineSerialNumber';
    const filtered = db
      .with(mine)
      .select({
        sortKey: sql<unknown>`${sortKeys[shape.sort]}`.as('sort_key'),
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
      .orderBy(sql`${sortKeys[shape.sort]} ${direction} ${nulls}`, sql`${mine.id} ${direction}`)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return db
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
        unreadCount: unreadCountSql(sql`${page.id}`, sql.placeholder('customerId')),
        total: page.total,
      })
      .from(page)
      .innerJoin(machines, eq(machines.id, page.machineId))
      .orderBy(sql`${page.sortKey} ${direction} ${nulls}`, sql`${page.id} ${direction}`);
  },
);

/** GET api/service-requests/user-owned: the customer's requests, filtered, sorted and paged in SQL. */
export async function listOwnServiceRequests(
  db: Db,
  actor: Actor,
  query: ServiceRequestListQuery,
): Promise<ServiceRequestPage> {
  const text = searchTextOf(query.q);
  const statuses = query.status?.length ? query.status : null;
  const machineId = query.machineId ? Number(query.machineId) : null;
  const rows = await ownRequestsPage(db, {
    sort: query.sort,
    order: query.order,
    search: text !== null,
    status: statuses !== null,
    machine: machineId !== null,
  }).execute({
    customerId: actor.id,
    pattern: text === null ? null : containsPattern(text),
    statuses,
    machineId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const total = await totalOfPage(
    rows,
    query.page,
    async () => (await listOwnServiceRequests(db, actor, { ...query, page: 1, pageSize: 1 })).total,
  );
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

/** An attachment as json_build_object writes it: the time in PostgreSQL's form, the role of who added it. */
interface AttachmentJson extends Omit<Attachment, 'addedByStaff'> {
  addedByRole: string | null;
}

/** The labels of the request's two form choices: every details statement joins them (ON `...ChoiceOf`). */
export const transportChoice = alias(serviceRequestElements, 'transport');
export const deliveryChoice = alias(serviceRequestElements, 'delivery');
export const transportChoiceOf = and(
  eq(transportChoice.kind, 'transport_type'),
  eq(transportChoice.code, serviceRequests.transportType),
)!;
export const deliveryChoiceOf = and(
  eq(deliveryChoice.kind, 'delivery_place'),
  eq(deliveryChoice.code, serviceRequests.deliveryPlace),
)!;

/**
 * The request's status history, oldest first, as one JSON array; `withNotes`: with the staff's notes (for the
 * staff page only). `changedAt` is in PostgreSQL's form until `toDetails`.
 */
export function historySql(db: Db, withNotes: true): SQL<(StatusHistoryEntry & { note: string | null })[]>;
export function historySql(db: Db, withNotes: false): SQL<StatusHistoryEntry[]>;
export function historySql(db: Db, withNotes: boolean): SQL<StatusHistoryEntry[]> {
  const changer = alias(users, 'changer');
  const h = serviceRequestStatusHistory;
  const entries = db
    .select({
      entries: sql`coalesce(json_agg(json_build_object(
        'fromStatus', ${h.fromStatus}, 'toStatus', ${h.toStatus}, 'changedAt', ${h.changedAt},
        'changedBy', ${displayNameSql(changer)}${withNotes ? sql`, 'note', ${h.note}` : sql``}
      ) ORDER BY ${h.changedAt}, ${h.id}), '[]'::json)`,
    })
    .from(h)
    .leftJoin(changer, eq(changer.id, h.changedBy))
    .where(eq(h.serviceRequestId, serviceRequests.id));
  return sql<StatusHistoryEntry[]>`(${entries})`;
}

/** Every change of the request's estimated completion date, oldest first, as one JSON array (issue 18). */
function estimateHistorySql(db: Db): SQL<EstimateChange[]> {
  const changer = alias(users, 'estimate_changer');
  const e = serviceRequestEstimateChanges;
  const entries = db
    .select({
      entries: sql`coalesce(json_agg(json_build_object(
        'fromDate', ${e.fromDate}, 'toDate', ${e.toDate}, 'changedAt', ${e.changedAt},
        'changedBy', ${displayNameSql(changer)}
      ) ORDER BY ${e.changedAt}, ${e.id}), '[]'::json)`,
    })
    .from(e)
    .leftJoin(changer, eq(changer.id, e.changedBy))
    .where(eq(e.serviceRequestId, serviceRequests.id));
  return sql<EstimateChange[]>`(${entries})`;
}

/** The customer's rating of the request, or null (issue 18). */
function ratingSql(): SQL<{ score: number; comment: string | null; ratedAt: string } | null> {
  const r = serviceRequestRatings;
  return sql`(SELECT json_build_object('score', ${r.score}, 'comment', ${r.comment}, 'ratedAt', ${r.ratedAt})
    FROM ${r} WHERE ${r.serviceRequestId} = ${serviceRequests.id})`;
}

/** The request's attachments, oldest first, as one JSON array. */
function attachmentsSql(db: Db): SQL<AttachmentJson[]> {
  const adder = alias(users, 'adder');
  const a = serviceRequestAttachments;
  const list = db
    .select({
      list: sql`coalesce(json_agg(json_build_object(
        'id', ${files.id}, 'name', ${files.originalName}, 'contentType', ${files.contentType},
        'sizeBytes', ${files.sizeBytes}, 'addedAt', ${a.addedAt}, 'addedBy', ${displayNameSql(adder)},
        'addedByRole', ${adder.role}, 'isInitial', ${a.isInitial}
      ) ORDER BY ${a.addedAt}, ${files.createdAt}, ${files.id}), '[]'::json)`,
    })
    .from(a)
    .innerJoin(files, eq(files.id, a.fileId))
    .leftJoin(adder, eq(adder.id, a.addedBy))
    .where(eq(a.serviceRequestId, serviceRequests.id));
  return sql<AttachmentJson[]>`(${list})`;
}

function toAttachment({ addedByRole, ...attachment }: AttachmentJson): Attachment {
  return {
    ...attachment,
    addedAt: new Date(attachment.addedAt).toISOString(),
    addedByStaff: addedByRole !== null && addedByRole !== 'customer',
  };
}

/** The attachments of a request, oldest first (no access check: the caller made it). */
export async function listAttachments(db: Db, serviceRequestId: number): Promise<Attachment[]> {
  const [row] = await db
    .select({ attachments: attachmentsSql(db) })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, serviceRequestId));
  return (row?.attachments ?? []).map(toAttachment);
}

/**
 * What a details statement selects: every field of SPEC §3 with the history and the attachments as JSON, so that
 * the page is one statement. It reads the request joined with its machine and the two choices (`...ChoiceOf`).
 */
export function detailsFields(db: Db) {
  return {
    id: serviceRequests.id,
    code: serviceRequests.code,
    reportDate: serviceRequests.reportDate,
    estimatedCompletionDate: serviceRequests.estimatedCompletionDate,
    completionDate: serviceRequests.completionDate,
    status: serviceRequests.status,
    transportType: serviceRequests.transportType,
    transportLabel: transportChoice.label,
    deliveryPlace: serviceRequests.deliveryPlace,
    deliveryLabel: deliveryChoice.label,
    problemDescription: serviceRequests.problemDescription,
    comments: serviceRequests.comments,
    serviceOpinion: serviceRequests.serviceOpinion,
    additionalParts: serviceRequests.additionalParts,
    machineId: machines.id,
    machineName: machines.name,
    machineSerialNumber: machines.serialNumber,
    history: historySql(db, false),
    attachments: attachmentsSql(db),
    estimateHistory: estimateHistorySql(db),
    rating: ratingSql(),
  };
}

/** A row of a details statement (staff-requests.service's has more columns). */
type DetailsRow = Awaited<ReturnType<ReturnType<typeof requestDetails>['execute']>>[number];

/** The answer of a details statement's row; the history's entries as the statement wrote them (notes or not). */
export function toDetails<Entry extends StatusHistoryEntry>(
  row: Omit<DetailsRow, 'history'> & { history: Entry[] },
): Omit<ServiceRequestDetails, 'statusHistory'> & { statusHistory: Entry[] } {
  return {
    id: String(row.id),
    code: row.code,
    reportDate: row.reportDate.toISOString(),
    estimatedCompletionDate: row.estimatedCompletionDate,
    completionDate: row.completionDate,
    status: row.status,
    statusHistory: row.history.map((entry) => ({
      ...entry,
      changedAt: new Date(entry.changedAt).toISOString(),
    })),
    transportType: elementOf(row.transportType, row.transportLabel),
    deliveryPlace: elementOf(row.deliveryPlace, row.deliveryLabel),
    problemDescription: row.problemDescription,
    comments: row.comments,
    serviceOpinion: row.serviceOpinion,
    additionalParts: row.additionalParts,
    machine: { id: String(row.machineId), name: row.machineName, serialNumber: row.machineSerialNumber },
    attachments: row.attachments.map(toAttachment),
    canAddAppendices: !isFinalStatus(row.status),
    estimateHistory: row.estimateHistory.map((entry) => ({
      ...entry,
      changedAt: new Date(entry.changedAt).toISOString(),
    })),
    rating: row.rating && { ...row.rating, ratedAt: new Date(row.rating.ratedAt).toISOString() },
    canRate: row.status === 'F' && row.rating === null,
  };
}

/**
 * A request's details in one statement: for `scope` 'customer' only the actor's own (the access check is part of
 * the statement), for 'any' every request (service staff, or a caller that checked access already).
 */
const requestDetails = preparedStatements(
  'service_request_details',
  (scope: 'customer' | 'any') => scope,
  (db, scope) =>
    db
      .select(detailsFields(db))
      .from(serviceRequests)
      .innerJoin(machines, eq(machines.id, serviceRequests.machineId))
      .leftJoin(transportChoice, transportChoiceOf)
      .leftJoin(deliveryChoice, deliveryChoiceOf)
      .where(
        and(
          eq(serviceRequests.id, sql.placeholder('id')),
          scope === 'customer' ? eq(serviceRequests.customerId, sql.placeholder('actorId')) : undefined,
        ),
      ),
);

/**
 * Every field of a request (SPEC §3) with its history and attachments, WITHOUT an ownership check: for staff
 * screens and for callers that checked access already. Customers go through `getServiceRequest`.
 */
export async function getServiceRequestDetails(db: Db, id: number): Promise<ServiceRequestDetails> {
  const [row] = await requestDetails(db, 'any').execute({ id });
  if (!row) throw notFound();
  return toDetails(row);
}

/**
 * GET api/service-requests/{id}: the customer's own request, or any request for service staff; another
 * customer's or an unknown one is NOT_FOUND.
 */
export async function getServiceRequest(db: Db, actor: Actor, id: number): Promise<ServiceRequestDetails> {
  const scope = isServiceStaffRole(actor.role) ? 'any' : 'customer';
  const [row] = await requestDetails(db, scope).execute({ id, actorId: actor.id });
  if (!row) throw notFound();
  return toDetails(row);
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
