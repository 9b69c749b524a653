import { paths } from '@care/contract/pages';
import type { FieldError } from '@care/contract/errors';
import {
  OFFER_REQUEST_TRANSITIONS,
  OFFER_STAFF_ROLES,
  type OfferRequestDetails,
  type OfferRequestListItem,
  type OfferRequestPage,
  type SendOfferRequestSchema,
  type StaffOfferRequestDetails,
  type StaffOfferRequestPage,
} from '@care/contract/offers';
import type { OfferRequestStatus } from '@care/contract/statuses';
import { translate } from '@care/contract/translations';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#app/db/client.ts';
import { displayName, fullName } from '#app/db/display-name.ts';
import { startOfPortalDay } from '#app/db/portal-day.ts';
import { type Audience, publishEvent } from '#app/events/event-bus.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { parts } from '#app/db/schema/catalog.ts';
import { DOCUMENT_PREFIXES, nextDocumentCode } from '#app/db/schema/counters.ts';
import { preparedStatements } from '#app/db/prepared.ts';
import { files } from '#app/db/schema/files.ts';
import {
  offerRequestAttachments,
  offerRequestItems,
  offerRequests,
  offerRequestStatusHistory,
} from '#app/db/schema/offers.ts';
import { users } from '#app/db/schema/users.ts';
import { type DownloadableFile, downloadableFileColumns } from '#app/files/downloads.ts';
import { recordFiles, type Upload } from '#app/files/uploads.ts';
import { enqueueMail } from '#app/mail/outbox.ts';
import { mailTemplates, type OfferRequestMail } from '#app/mail/templates.ts';
import { AppError, notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { totalOfPage } from '#app/db/paging.ts';
import { isUniqueViolation } from '#app/db/unique-violation.ts';

type SendOfferRequest = z.output<typeof SendOfferRequestSchema>;

/** Who hears of an offer request's changes: its customer and parts sales. */
const offerAudience = (customerId: number): Audience => ({ userIds: [customerId], roles: OFFER_STAFF_ROLES });

export interface OfferRequestContext {
  salesEmail: string;
  brand: string;
  /** PUBLIC_URL + BASE_PATH: links in e-mails. */
  portalUrl: string;
}

export interface SentOfferRequest {
  details: OfferRequestDetails;
  /** False when this was a retry (same clientId) of a send already filed: nothing new was stored or queued. */
  created: boolean;
}

/** The offer request this customer already filed with this send's clientId, if any. */
async function findSent(db: Db, actor: Actor, clientId: string | undefined): Promise<number | null> {
  if (!clientId) return null;
  const [row] = await db
    .select({ id: offerRequests.id })
    .from(offerRequests)
    .where(and(eq(offerRequests.customerId, actor.id), eq(offerRequests.clientId, clientId)));
  return row?.id ?? null;
}

/**
 * POST api/parts/email: the customer's cart becomes an offer request numbered OR/<year>/<n>, in status 'sent'
 * with its first history row, each line keeping the part's catalogue name and symbol as they are now — what the
 * cart says about a part (name, symbol, images) is the client's word and never stored or mailed, so nobody can
 * put their own text into the sales e-mail or the request (issue 13). The notice to parts sales (Polish) and
 * the customer's copy (their language) are queued in the same transaction. Every part must exist: a line whose
 * part was removed since it went into the cart is a field error on its id (the cart marks that line, the
 * customer removes it and sends again), and nothing is stored. A retry with the same clientId returns the
 * request already filed.
 */
export async function sendOfferRequest(
  db: Db,
  actor: Actor,
  input: SendOfferRequest,
  context: OfferRequestContext,
  uploads: readonly Upload[] = [],
): Promise<SentOfferRequest> {
  const sent = await findSent(db, actor, input.clientId);
  if (sent !== null) return { details: await loadDetails(db, sent), created: false };
  try {
    const id = await insertOfferRequest(db, actor, input, context, uploads);
    return { details: await loadDetails(db, id), created: true };
  } catch (error) {
    // Two copies of one send at once: the other one filed it.
    const raced = isUniqueViolation(error) ? await findSent(db, actor, input.clientId) : null;
    if (raced === null) throw error;
    return { details: await loadDetails(db, raced), created: false };
  }
}

/** One line of the request, with the catalogue's name and symbol of its part (offerLinesOf). */
type OfferLine = Awaited<ReturnType<typeof offerLinesOf>>[number];

/** What writeOfferRequest filed: the new request's id and number, and its recorded attachments. */
interface FiledOfferRequest {
  id: number;
  number: string;
  recorded: Awaited<ReturnType<typeof recordFiles>>;
}

/** Files the offer request in one transaction: checked lines, then the rows, the e-mails and the event. */
async function insertOfferRequest(
  db: Db,
  actor: Actor,
  input: SendOfferRequest,
  context: OfferRequestContext,
  uploads: readonly Upload[],
): Promise<number> {
  const lines = await offerLinesOf(db, input);
  return db.transaction(async (tx) => {
    const filed = await writeOfferRequest(tx, actor, input, lines, uploads);
    await mailOfferRequest(tx, actor, input, context, lines, filed);
    await publishOfferRequestSent(tx, actor, filed.id);
    return filed.id;
  });
}

/** Validate: every line's part exists (VALIDATION_FAILED naming the lines that do not); the catalogue's name and symbol. */
async function offerLinesOf(db: Db, input: SendOfferRequest) {
  const ids = [...new Set(input.items.map((item) => Number(item.id)))];
  const found = await db
    .select({ id: parts.id, symbol: parts.symbol, name: parts.name })
    .from(parts)
    .where(inArray(parts.id, ids));
  const byId = new Map(found.map((part) => [part.id, part]));
  const unknown: FieldError[] = input.items.flatMap((item, index) =>
    byId.has(Number(item.id)) ? [] : [{ path: `items.${index}.id`, code: 'validation.invalid_value' }],
  );
  if (unknown.length > 0) throw new AppError('VALIDATION_FAILED', undefined, unknown);
  return input.items.map((item, index) => {
    const part = byId.get(Number(item.id))!;
    return {
      partId: part.id,
      symbol: part.symbol,
      name: part.name,
      amount: item.amount,
      sortOrder: index,
    };
  });
}

/** Write: the request numbered OR/<year>/<n> in status 'sent', its lines, attachments and first history row. */
async function writeOfferRequest(
  tx: Db,
  actor: Actor,
  input: SendOfferRequest,
  lines: readonly OfferLine[],
  uploads: readonly Upload[],
): Promise<FiledOfferRequest> {
  const now = new Date();
  const number = await nextDocumentCode(tx, DOCUMENT_PREFIXES.offerRequest, now);
  const [request] = await tx
    .insert(offerRequests)
    .values({
      number,
      customerId: actor.id,
      status: 'sent',
      note: input.note ?? null,
      language: actor.language,
      statusChangedAt: now,
      clientId: input.clientId ?? null,
      createdAt: now,
    })
    .returning({ id: offerRequests.id });
  const id = request!.id;
  await tx.insert(offerRequestItems).values(lines.map((line) => ({ ...line, offerRequestId: id })));
  const recorded = await recordFiles(tx, uploads, actor.id);
  if (recorded.length > 0) {
    await tx.insert(offerRequestAttachments).values(
      recorded.map((file) => ({
        offerRequestId: id,
        fileId: file.id,
        addedBy: actor.id,
        addedAt: file.createdAt,
      })),
    );
  }
  await tx.insert(offerRequestStatusHistory).values({
    offerRequestId: id,
    fromStatus: null,
    toStatus: 'sent',
    changedBy: actor.id,
    changedAt: now,
  });
  return { id, number, recorded };
}

/** Mail: the notice to parts sales (Polish) and the customer's copy (their language), queued in the same transaction. */
async function mailOfferRequest(
  tx: Db,
  actor: Actor,
  input: SendOfferRequest,
  context: OfferRequestContext,
  lines: readonly OfferLine[],
  { id, number, recorded }: FiledOfferRequest,
): Promise<void> {
  const [customer] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, actor.id));
  const mail = (language: typeof actor.language, url: string): OfferRequestMail => ({
    name: fullName(actor),
    url,
    brand: context.brand,
    number,
    items: lines.map((line) => ({
      name: translate(line.name, language) || line.symbol,
      symbol: line.symbol,
      amount: line.amount,
    })),
    note: input.note,
    attachments: recorded.map((file) => file.originalName),
    customer: { name: displayName(actor), email: actor.email, phone: customer?.phone ?? null },
  });
  await enqueueMail(tx, {
    to: context.salesEmail,
    replyTo: actor.email,
    ...mailTemplates.offerRequestToSales(mail('pl', `${context.portalUrl}${paths.staffOfferRequest(id)}`)),
    kind: 'offer-request-sales',
    language: 'pl',
  });
  await enqueueMail(tx, {
    to: actor.email,
    ...mailTemplates.offerRequestCopy(
      actor.language,
      mail(actor.language, `${context.portalUrl}${paths.offerRequests}`),
    ),
    kind: 'offer-request-copy',
    language: actor.language,
  });
}

/** Publish: the customer and parts sales hear of the new request (delivered after the commit). */
async function publishOfferRequestSent(tx: Db, actor: Actor, id: number): Promise<void> {
  await publishEvent(
    tx,
    { type: 'offer-request-status', data: { offerRequestId: String(id), status: 'sent' } },
    offerAudience(actor.id),
  );
}

// Written out qualified: drizzle renders columns of a single-table select without their table name.
const itemCount = sql<number>`(SELECT count(*)::int FROM offer_request_items i WHERE i.offer_request_id = "offer_requests"."id")`;

const listColumns = {
  id: offerRequests.id,
  number: offerRequests.number,
  status: offerRequests.status,
  createdAt: offerRequests.createdAt,
  statusChangedAt: offerRequests.statusChangedAt,
  itemCount,
};

function listItem(row: {
  id: number;
  number: string;
  status: OfferRequestStatus;
  createdAt: Date;
  statusChangedAt: Date;
  itemCount: number;
}): OfferRequestListItem {
  return {
    id: String(row.id),
    number: row.number,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    statusChangedAt: row.statusChangedAt.toISOString(),
    itemCount: row.itemCount,
  };
}

interface ListQuery {
  page: number;
  pageSize: number;
  status?: OfferRequestStatus[] | undefined;
  /** The sales inbox only: sent on or after / on or before these days in Poland (YYYY-MM-DD). */
  sentFrom?: string | undefined;
  sentTo?: string | undefined;
}

function filters(query: ListQuery, customerId?: number): SQL {
  const conditions: SQL[] = [];
  if (customerId !== undefined) conditions.push(eq(offerRequests.customerId, customerId));
  if (query.status?.length) conditions.push(inArray(offerRequests.status, query.status));
  if (query.sentFrom) conditions.push(sql`${offerRequests.createdAt} >= ${startOfPortalDay(query.sentFrom)}`);
  if (query.sentTo) conditions.push(sql`${offerRequests.createdAt} < ${startOfPortalDay(query.sentTo, 1)}`);
  return conditions.length ? and(...conditions)! : sql`true`;
}

/**
 * The customer's offer requests, newest first (offer_requests_customer_created_at_idx backwards, as far as the
 * page goes), each with the number of all that match: an uncorrelated subquery PostgreSQL runs once, so the page
 * and its total are one statement. Prepared with and without the status filter (db/prepared.ts).
 */
const ownOfferRequestsPage = preparedStatements(
  'offer_requests_list',
  (shape: { status: boolean }) => String(shape.status),
  (db, shape) => {
    const statusOf = (status: SQL) =>
      shape.status ? sql`${status} = ANY(${sql.placeholder('statuses')})` : undefined;
    const customer = sql.placeholder('customerId');
    return db
      .select({
        ...listColumns,
        total: sql<number>`(SELECT count(*)::int FROM ${offerRequests} o
          WHERE o.customer_id = ${customer} ${shape.status ? sql`AND ${statusOf(sql`o.status`)}` : sql``})`,
      })
      .from(offerRequests)
      .where(and(eq(offerRequests.customerId, customer), statusOf(sql`${offerRequests.status}`)))
      .orderBy(desc(offerRequests.createdAt), desc(offerRequests.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  },
);

/** GET api/offer-requests/user-owned: the customer's own offer requests, newest first. */
export async function listOwnOfferRequests(
  db: Db,
  actor: Actor,
  query: ListQuery,
): Promise<OfferRequestPage> {
  const statuses = query.status?.length ? query.status : null;
  const rows = await ownOfferRequestsPage(db, { status: statuses !== null }).execute({
    customerId: actor.id,
    statuses,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const total = await totalOfPage(
    rows,
    query.page,
    async () => (await listOwnOfferRequests(db, actor, { ...query, page: 1, pageSize: 1 })).total,
  );
  return {
    items: rows.map(({ total: _, ...row }) => listItem(row)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** GET api/staff/offer-requests: the sales inbox, every customer's, newest first, by status and days sent. */
export async function listAllOfferRequests(db: Db, query: ListQuery): Promise<StaffOfferRequestPage> {
  const where = filters(query);
  const [{ total }] = (await db.select({ total: count() }).from(offerRequests).where(where)) as [
    { total: number },
  ];
  const rows = await db
    .select({
      ...listColumns,
      customerId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(offerRequests)
    .innerJoin(users, eq(users.id, offerRequests.customerId))
    .where(where)
    .orderBy(desc(offerRequests.createdAt), desc(offerRequests.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map((row) => ({
      ...listItem(row),
      customer: {
        id: String(row.customerId),
        name: displayName(row),
        email: row.email,
      },
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function loadDetails(db: Db, id: number, customerId?: number): Promise<OfferRequestDetails> {
  const [row] = await db
    .select({ ...listColumns, note: offerRequests.note, language: offerRequests.language })
    .from(offerRequests)
    .where(
      customerId === undefined
        ? eq(offerRequests.id, id)
        : and(eq(offerRequests.id, id), eq(offerRequests.customerId, customerId)),
    );
  if (!row) throw notFound();
  const items = await db
    .select({
      partId: offerRequestItems.partId,
      symbol: offerRequestItems.symbol,
      name: offerRequestItems.name,
      amount: offerRequestItems.amount,
      images: parts.images,
    })
    .from(offerRequestItems)
    .leftJoin(parts, eq(parts.id, offerRequestItems.partId))
    .where(eq(offerRequestItems.offerRequestId, id))
    .orderBy(asc(offerRequestItems.sortOrder), asc(offerRequestItems.id));
  const history = await db
    .select({
      fromStatus: offerRequestStatusHistory.fromStatus,
      toStatus: offerRequestStatusHistory.toStatus,
      changedAt: offerRequestStatusHistory.changedAt,
    })
    .from(offerRequestStatusHistory)
    .where(eq(offerRequestStatusHistory.offerRequestId, id))
    .orderBy(asc(offerRequestStatusHistory.changedAt), asc(offerRequestStatusHistory.id));
  const attached = await db
    .select({
      id: files.id,
      name: files.originalName,
      contentType: files.contentType,
      sizeBytes: files.sizeBytes,
      addedAt: offerRequestAttachments.addedAt,
    })
    .from(offerRequestAttachments)
    .innerJoin(files, eq(files.id, offerRequestAttachments.fileId))
    .where(eq(offerRequestAttachments.offerRequestId, id))
    .orderBy(asc(offerRequestAttachments.addedAt), asc(files.id));
  return {
    ...listItem(row),
    note: row.note,
    language: row.language,
    attachments: attached.map((file) => ({ ...file, addedAt: file.addedAt.toISOString() })),
    items: items.map((item) => ({
      ...item,
      partId: item.partId === null ? null : String(item.partId),
      images: item.images ?? [],
    })),
    history: history.map((entry) => ({ ...entry, changedAt: entry.changedAt.toISOString() })),
  };
}

/** GET api/offer-requests/{id}: one of the customer's own; another customer's is NOT_FOUND. */
export function getOwnOfferRequest(db: Db, actor: Actor, id: number): Promise<OfferRequestDetails> {
  return loadDetails(db, id, actor.id);
}

/** GET api/staff/offer-requests/{id}: any offer request (sales, admin), with how to reach its customer. */
export async function getAnyOfferRequest(db: Db, id: number): Promise<StaffOfferRequestDetails> {
  const details = await loadDetails(db, id);
  const [customer] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(offerRequests)
    .innerJoin(users, eq(users.id, offerRequests.customerId))
    .where(eq(offerRequests.id, id));
  if (!customer) throw notFound();
  return {
    ...details,
    customer: {
      id: String(customer.id),
      name: displayName(customer),
      email: customer.email,
      phone: customer.phone ?? null,
    },
  };
}

/**
 * POST api/staff/offer-requests/{id}/status: moves an offer request along OFFER_REQUEST_TRANSITIONS with a
 * history row, and takes it into the handler's hands if nobody had it. Anything else is
 * INVALID_STATUS_TRANSITION (409).
 */
export async function changeOfferRequestStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: OfferRequestStatus,
  ip?: string,
): Promise<StaffOfferRequestDetails> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        number: offerRequests.number,
        status: offerRequests.status,
        assignedTo: offerRequests.assignedTo,
        customerId: offerRequests.customerId,
      })
      .from(offerRequests)
      .where(eq(offerRequests.id, id))
      .for('update');
    if (!row) throw notFound();
    if (!OFFER_REQUEST_TRANSITIONS[row.status].includes(status)) {
      throw new AppError(
        'INVALID_STATUS_TRANSITION',
        `An offer request cannot move from ${row.status} to ${status}.`,
      );
    }
    const now = new Date();
    await tx
      .update(offerRequests)
      .set({ status, statusChangedAt: now, assignedTo: row.assignedTo ?? actor.id })
      .where(eq(offerRequests.id, id));
    await tx.insert(offerRequestStatusHistory).values({
      offerRequestId: id,
      fromStatus: row.status,
      toStatus: status,
      changedBy: actor.id,
      changedAt: now,
    });
    await recordAudit(tx, actor, {
      kind: 'offer-request.status',
      subject: { type: 'offer-request', id, label: row.number },
      before: { status: row.status },
      after: { status },
      ip,
    });
    await publishEvent(
      tx,
      { type: 'offer-request-status', data: { offerRequestId: String(id), status } },
      offerAudience(row.customerId),
    );
  });
  return getAnyOfferRequest(db, id);
}

/**
 * GET api/offer-requests/{id}/attachments/{fileId} (its customer) and api/staff/offer-requests/{id}/attachments/
 * {fileId} (sales, admin: `customerId` undefined): the file if it belongs to that offer request; else NOT_FOUND.
 */
export async function getOfferRequestAttachment(
  db: Db,
  offerRequestId: number,
  fileId: string,
  customerId?: number,
): Promise<DownloadableFile> {
  const [file] = await db
    .select(downloadableFileColumns)
    .from(offerRequestAttachments)
    .innerJoin(files, eq(files.id, offerRequestAttachments.fileId))
    .innerJoin(offerRequests, eq(offerRequests.id, offerRequestAttachments.offerRequestId))
    .where(
      and(
        eq(offerRequestAttachments.offerRequestId, offerRequestId),
        eq(offerRequestAttachments.fileId, fileId),
        customerId === undefined ? undefined : eq(offerRequests.customerId, customerId),
      ),
    );
  if (!file) throw notFound();
  return file;
}
