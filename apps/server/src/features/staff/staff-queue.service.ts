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

type StaffQueueQuery = z.output<typeof StaffQueueQuerySchema>;

/**
 * The filters as conditions on `r` (service_requests). Customer and machine fragments become `IN (…)` over the
 * trigram-indexed folded search texts (users.search_text, machines_search_text_trgm_idx), so PostgreSQL picks
 * between walking the queue's sort index and fetching the few matching customers' or machines' requests.
 */
function conditionsOf(actor: Actor, query: StaffQueueQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.status?.length) {
    conditions.push(
      sql`r.status IN (${sql.join(
        query.status.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    );
  }
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
      WHERE k.user_id = ${actor.id} AND k.service_request_id = r.id), 0)`);
  }
  return conditions;
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
 * GET api/staff/service-requests: the service department's queue, filtered, sorted and paged in SQL. Customer,
 * machine and unread count are fetched for the page's rows only. The total is counted up to
 * STAFF_QUEUE_COUNT_LIMIT (docs/decisions/022-staff-service-requests.md).
 */
export async function listQueue(db: Db, actor: Actor, query: StaffQueueQuery): Promise<StaffQueuePage> {
  const conditions = conditionsOf(actor, query);
  const where = conditions.length ? sql.join(conditions, sql` AND `) : sql`true`;
  const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
  // Never-discussed requests sort last by lastMessageAt whichever the order.
  const nulls = query.sort === 'lastMessageAt' ? sql`NULLS LAST` : sql``;
  // `alias` is r in the filtering query and q in the outer one.
  const orderBy = (alias: string) =>
    sql`${sql.raw(`${alias}.${SORT_COLUMNS[query.sort]}`)} ${direction} ${nulls}, ${sql.raw(alias)}.id ${direction}`;

  const result = (await db.execute(sql`
    WITH page AS (
      SELECT r.id FROM ${serviceRequests} r
      WHERE ${where}
      ORDER BY ${orderBy('r')}
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}
    )
    SELECT q.id, q.code, q.status, q.report_date, q.status_changed_at, q.last_message_at,
      q.customer_id,
      ${displayNameSql(requestCustomer)} AS customer_name,
      cu.email AS customer_email,
      q.machine_id, mc.name AS machine_name, mc.serial_number AS machine_serial_number,
      ${unreadCountSql(sql`q.id`, actor.id)} AS unread_count
    FROM page
    JOIN ${serviceRequests} q ON q.id = page.id
    JOIN ${users} cu ON cu.id = q.customer_id
    JOIN ${machines} mc ON mc.id = q.machine_id
    ORDER BY ${orderBy('q')}`)) as { rows: Row[] };

  const counted = (await db.execute(sql`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM ${serviceRequests} r WHERE ${where} LIMIT ${STAFF_QUEUE_COUNT_LIMIT + 1}
    ) matching`)) as { rows: { n: number }[] };
  const matching = counted.rows[0]!.n;

  return {
    items: result.rows.map((row) => ({
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
