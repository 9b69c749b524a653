import {
  STAFF_QUEUE_COUNT_LIMIT,
  type StaffQueuePage,
  type StaffQueueQuerySchema,
  type StaffQueueSortField,
} from '@care/contract/staff';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '#app/db/client.ts';
import { displayNameSql } from '#app/db/display-name.ts';
import { chatReadMarkers } from '#app/db/schema/chat.ts';
import { machines } from '#app/db/schema/machines.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { users } from '#app/db/schema/users.ts';
import { containsPattern, foldedContains, machineSearchText, searchTextOf } from '#app/db/search-text.ts';
import { unreadCountSql } from '#app/features/service-requests/service-requests.service.ts';
import type { Actor } from '#app/plugins/session.ts';
import { startOfPortalDay } from '#app/db/portal-day.ts';
import { preparedStatements } from '#app/db/prepared.ts';

type StaffQueueQuery = z.output<typeof StaffQueueQuerySchema>;

/**
 * The filters as conditions on `r` (service_requests). Customer and machine fragments become `IN (…)` over the
 * trigram-indexed folded search texts (users.search_text, machines_search_text_trgm_idx), so PostgreSQL picks
 * between walking the queue's sort index and fetching the few matching customers' or machines' requests.
 *
 * The statuses and the staff member (for "unread only") are placeholders (`statuses`, `staffId`): those shapes
 * are prepared. The other filters' values are written into the statement, which is then built for its call only
 * (`queueShapeKey`).
 */
function conditionsOf(query: StaffQueueQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.status?.length) conditions.push(sql`r.status = ANY(${sql.placeholder('statuses')})`);
  if (query.reportedFrom) conditions.push(sql`r.report_date >= ${startOfPortalDay(query.reportedFrom)}`);
  if (query.reportedTo) conditions.push(sql`r.report_date < ${startOfPortalDay(query.reportedTo, 1)}`);
  if (query.changedFrom) conditions.push(sql`r.status_changed_at >= ${startOfPortalDay(query.changedFrom)}`);
  if (query.changedTo) conditions.push(sql`r.status_changed_at < ${startOfPortalDay(query.changedTo, 1)}`);
  // The insight dashboard's per-model links: the exact name, a range of the (machine_model, report_date, id)
  // index (migration 0018), so a page and its capped count read no more than they show.
  if (query.model) conditions.push(sql`r.machine_model = ${query.model}`);
  const customer = searchTextOf(query.customer);
  if (customer) {
    // users.search_text is already folded (a generated column).
    conditions.push(
      sql`r.customer_id IN (SELECT u.id FROM ${users} u WHERE u.search_text LIKE ${containsPattern(customer)})`,
    );
  }
  const machine = searchTextOf(query.machine);
  if (machine) {
    conditions.push(sql`r.machine_id IN (
      SELECT m.id FROM ${machines} m
      WHERE ${foldedContains(machineSearchText(sql`m.name`, sql`m.serial_number`), machine)})`);
  }
  if (query.unread) {
    // A customer message after this staff member's read marker (no marker: any customer message): the request's
    // newest customer message, kept by the chat's trigger (migration 0019), past the marker. The requests whose
    // customer wrote are walked on service_requests_customer_wrote_idx alone, with one probe of this staff
    // member's markers each; no message is read (docs/decisions/022, 056).
    conditions.push(sql`r.last_message_at IS NOT NULL AND r.last_customer_message_id > coalesce((
      SELECT k.last_read_message_id FROM ${chatReadMarkers} k
      WHERE k.user_id = ${sql.placeholder('staffId')} AND k.service_request_id = r.id), 0)`);
  }
  return conditions;
}

/**
 * The prepared shapes: a sort and order, with or without "unread only" and the status filter (the queue as it
 * opens, its unread tab, the status chips). Any other filter: null, built for that call (db/prepared.ts).
 */
function queueShapeKey(query: StaffQueueQuery): string | null {
  const { reportedFrom, reportedTo, changedFrom, changedTo, model, customer, machine } = query;
  if (reportedFrom || reportedTo || changedFrom || changedTo || model) return null;
  if (searchTextOf(customer) || searchTextOf(machine)) return null;
  return `${query.sort}.${query.order}.${Boolean(query.unread)}.${Boolean(query.status?.length)}`;
}

const SORT_COLUMNS: Record<StaffQueueSortField, string> = {
  reportDate: 'report_date',
  statusChangedAt: 'status_changed_at',
  lastMessageAt: 'last_message_at',
};

interface Row {
  id: number | string;
  code: string;
  status: StaffQueuePage['items'][number]['status'];
  report_date: Date | string;
  status_changed_at: Date | string;
  last_message_at: Date | string | null;
  customer_id: number | string;
  customer_name: string;
  customer_email: string;
  machine_id: number | string;
  machine_name: string;
  machine_serial_number: string;
  unread_count: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The request's customer, `cu` in the page query. */
const requestCustomer = alias(users, 'cu');

/**
 * The page of the queue and the number of matching requests counted up to STAFF_QUEUE_COUNT_LIMIT + 1, in one
 * statement: the count on the one row there always is, the page's requests (none: nulls) on it and the next.
 * Customer, machine and unread count are fetched for the page's rows only.
 */
const queuePage = preparedStatements(
  'staff_queue',
  (query: StaffQueueQuery) => queueShapeKey(query),
  (db, query) => {
    const conditions = conditionsOf(query);
    const where = conditions.length ? sql.join(conditions, sql` AND `) : sql`true`;
    const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
    // Never-discussed requests sort last by lastMessageAt whichever the order.
    const nulls = query.sort === 'lastMessageAt' ? sql`NULLS LAST` : sql``;
    // `alias` is r in the filtering query and queue in the outer one.
    const orderBy = (alias: string) =>
      sql`${sql.raw(`${alias}.${SORT_COLUMNS[query.sort]}`)} ${direction} ${nulls}, ${sql.raw(alias)}.id ${direction}`;
    const queue = sql`(
      WITH page AS (
        SELECT r.id FROM ${serviceRequests} r
        WHERE ${where}
        ORDER BY ${orderBy('r')}
        LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}
      ), counted AS (
        SELECT count(*)::int AS matching FROM (
          SELECT 1 FROM ${serviceRequests} r WHERE ${where} LIMIT ${sql.raw(String(STAFF_QUEUE_COUNT_LIMIT + 1))}
        ) matching
      )
      SELECT counted.matching, q.id, q.code, q.status, q.report_date, q.status_changed_at, q.last_message_at,
        q.customer_id,
        ${displayNameSql(requestCustomer)} AS customer_name,
        cu.email AS customer_email,
        q.machine_id, mc.name AS machine_name, mc.serial_number AS machine_serial_number,
        ${unreadCountSql(sql`q.id`, sql.placeholder('staffId'))} AS unread_count
      FROM counted
      LEFT JOIN (page
        JOIN ${serviceRequests} q ON q.id = page.id
        JOIN ${users} cu ON cu.id = q.customer_id
        JOIN ${machines} mc ON mc.id = q.machine_id) ON true
    ) AS queue`;
    const column = <T>(name: keyof Row | 'matching') => sql<T>`${sql.raw(`queue.${name}`)}`;
    return db
      .select({
        matching: column<number>('matching'),
        id: column<Row['id'] | null>('id'),
        code: column<string>('code'),
        status: column<Row['status']>('status'),
        report_date: column<Row['report_date']>('report_date'),
        status_changed_at: column<Row['status_changed_at']>('status_changed_at'),
        last_message_at: column<Row['last_message_at']>('last_message_at'),
        customer_id: column<Row['customer_id']>('customer_id'),
        customer_name: column<string>('customer_name'),
        customer_email: column<string>('customer_email'),
        machine_id: column<Row['machine_id']>('machine_id'),
        machine_name: column<string>('machine_name'),
        machine_serial_number: column<string>('machine_serial_number'),
        unread_count: column<number>('unread_count'),
      })
      .from(queue)
      .orderBy(orderBy('queue'));
  },
);

/**
 * GET api/staff/service-requests: the service department's queue, filtered, sorted and paged in SQL, one
 * statement. The total is counted up to STAFF_QUEUE_COUNT_LIMIT (docs/decisions/022-staff-service-requests.md).
 */
export async function listQueue(db: Db, actor: Actor, query: StaffQueueQuery): Promise<StaffQueuePage> {
  const found = await queuePage(db, query).execute({
    staffId: actor.id,
    statuses: query.status?.length ? query.status : null,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const matching = found[0]!.matching;
  const rows = found.filter((row): row is Row & { matching: number } => row.id !== null);

  return {
    items: rows.map((row) => ({
      id: String(row.id),
      code: row.code,
      status: row.status,
      reportDate: iso(row.report_date),
      statusChangedAt: iso(row.status_changed_at),
      customerId: String(row.customer_id),
      customerName: row.customer_name,
      customerEmail: row.customer_email,
      machineId: String(row.machine_id),
      machineName: row.machine_name,
      machineSerialNumber: row.machine_serial_number,
      unreadCount: row.unread_count,
      lastMessageAt: row.last_message_at === null ? null : iso(row.last_message_at),
    })),
    total: Math.min(matching, STAFF_QUEUE_COUNT_LIMIT),
    totalCapped: matching > STAFF_QUEUE_COUNT_LIMIT,
    page: query.page,
    pageSize: query.pageSize,
  };
}
