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
import { chatMessages } from '#app/db/schema/chat.ts';
import { machines } from '#app/db/schema/machines.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { users } from '#app/db/schema/users.ts';
import { containsPattern, foldedContains, machineSearchText, searchTextOf } from '#app/db/search-text.ts';
import { unreadCountSql } from '#app/features/service-requests/service-requests.service.ts';
import type { Actor } from '#app/plugins/session.ts';
import { startOfPortalDay } from '#app/db/portal-day.ts';
import { preparedStatements } from '#app/db/prepared.ts';
import { guaranteeOf, todayInPoland } from '#app/db/guarantee.ts';
import { GUARANTEE_ENDING_DAYS } from '@care/contract/machines';
import type { STAFF_GUARANTEE_FILTERS } from '@care/contract/staff-desk-fields';
import type { ServiceTimeTarget } from '@care/contract/service-times';
import { priorityOf, priorityValue } from './staff-desk.service.ts';

type StaffGuaranteeFilter = (typeof STAFF_GUARANTEE_FILTERS)[number];

type StaffQueueQuery = z.output<typeof StaffQueueQuerySchema>;

/**
 * The filters as conditions on `r` (service_requests). Customer and machine fragments become `IN (…)` over the
 * trigram-indexed folded search texts (users.search_text, machines_search_text_trgm_idx), so PostgreSQL picks
 * between walking the queue's sort index and fetching the few matching customers' or machines' requests.
 *
 * The statuses and the staff member (for "mine") are placeholders (`statuses`, `staffId`): those shapes
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
  if (query.view === 'mine') conditions.push(sql`r.assigned_to = ${sql.placeholder('staffId')}`);
  if (query.view === 'unassigned') conditions.push(sql`r.assigned_to IS NULL`);
  if (query.assignee) conditions.push(sql`r.assigned_to = ${Number(query.assignee)}`);
  // "Waiting for us", shared by the team (docs/decisions/062): service_requests_waiting_idx holds only these.
  if (query.waiting) conditions.push(sql`r.waiting_since IS NOT NULL`);
  if (query.priority?.length) {
    const values = query.priority.map(priorityValue);
    conditions.push(
      sql`r.priority IN (${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )})`,
    );
  }
  if (query.tag) conditions.push(sql`r.tags @> ARRAY[${query.tag}]::text[]`);
  if (query.guarantee) conditions.push(guaranteeCondition(query.guarantee));
  if (query.code) conditions.push(codeCondition(query.code));
  return conditions;
}

/**
 * The machine's guarantee today in Poland, as guaranteeOf decides it: ending = 0..GUARANTEE_ENDING_DAYS days left.
 * Each is a range of the request's copy of its machine's end date (migration 0032): the count an index-only range
 * of service_requests_guarantee_report_date_idx. Probing each request's machine made "active"'s capped count a merge
 * join over every machine and "ending"'s page a sort of all its requests (docs/perf.md "Issue 18").
 */
export function guaranteeCondition(filter: StaffGuaranteeFilter): SQL {
  const today = todayInPoland();
  const endingFrom = sql`${today}::date`;
  const endingTo = sql`${today}::date + ${GUARANTEE_ENDING_DAYS}::int`;
  const end = sql`r.machine_guarantee_end_date`;
  if (filter === 'ending') return sql`${end} BETWEEN ${endingFrom} AND ${endingTo}`;
  return filter === 'active' ? sql`${end} > ${endingTo}` : sql`${end} < ${endingFrom}`;
}

/**
 * A code as staff type it: the whole code (SR/2026/000123, any case, the number with or without its zeros) is the
 * unique index's one row; 2026/123 or 123 are the number's part of the code (service_requests_code_number_idx),
 * in that year or any. Anything else matches no request.
 */
export function codeCondition(input: string): SQL {
  const text = input.trim().toUpperCase();
  const full = /^([A-Z]+)\/(\d{4})\/(\d{1,6})$/.exec(text);
  if (full) return sql`r.code = ${`${full[1]}/${full[2]}/${full[3]!.padStart(6, '0')}`}`;
  const numbered = /^(?:(\d{4})\/)?(\d{1,6})$/.exec(text);
  if (!numbered) return sql`false`;
  const number = sql`split_part(r.code, '/', 3) = ${numbered[2]!.padStart(6, '0')}`;
  return numbered[1] ? sql`${number} AND split_part(r.code, '/', 2) = ${numbered[1]}` : number;
}

/**
 * The prepared shapes: a sort and order, a view, with or without "waiting" and the status filter (the queue as it
 * opens, its tabs, the status chips). Any other filter: null, built for that call (db/prepared.ts).
 */
function queueShapeKey(query: StaffQueueQuery): string | null {
  const { reportedFrom, reportedTo, changedFrom, changedTo, model, customer, machine } = query;
  if (reportedFrom || reportedTo || changedFrom || changedTo || model) return null;
  if (query.assignee || query.priority?.length || query.tag || query.guarantee || query.code) return null;
  if (searchTextOf(customer) || searchTextOf(machine)) return null;
  return `${query.sort}.${query.order}.${query.view}.${Boolean(query.waiting)}.${Boolean(query.status?.length)}`;
}

/** The ORDER BY columns of each sort; priority breaks its ties by report date (its index's order). */
const SORT_COLUMNS: Record<StaffQueueSortField, string[]> = {
  reportDate: ['report_date'],
  statusChangedAt: ['status_changed_at'],
  lastMessageAt: ['last_message_at'],
  waitingSince: ['waiting_since'],
  priority: ['priority', 'report_date'],
  dueAt: ['due_at'],
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
  assignee_id: number | string | null;
  assignee_name: string | null;
  priority: number;
  tags: string[];
  waiting_since: Date | string | null;
  guarantee_end_date: string | null;
  last_author_id: number | string | null;
  last_author_name: string | null;
  due_at: Date | string | null;
  due_target: ServiceTimeTarget;
  due_minutes_left: number | string | null;
  due_soon: boolean | null;
  overdue: boolean | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The request's customer, assignee and last writer: `cu`, `au`, `lu` in the page query. */
const requestCustomer = alias(users, 'cu');
const assignee = alias(users, 'au');
const lastAuthor = alias(users, 'lu');

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
    // Never-discussed requests sort last by lastMessageAt whichever the order, those nobody waits on by waitingSince.
    const nulls =
      query.sort === 'lastMessageAt' || query.sort === 'waitingSince' || query.sort === 'dueAt'
        ? sql`NULLS LAST`
        : sql``;
    // "Mine": the requests about to breach or overdue first, soonest due first (docs/decisions/066), in the order of
    // service_requests_assignee_due_at_idx. now() is the statement's: the page, its parts and the outer order see
    // one moment.
    const atRisk = (alias: string) => sql.raw(`(${alias}.warn_at <= now())`);
    const risk = (alias: string) =>
      query.view === 'mine'
        ? [
            sql`${atRisk(alias)} IS TRUE DESC`,
            sql`CASE WHEN ${atRisk(alias)} THEN ${sql.raw(alias)}.due_at END ASC`,
            sql`CASE WHEN ${atRisk(alias)} THEN ${sql.raw(alias)}.id END ASC`,
          ]
        : [];
    const sortKeys = (alias: string) => [
      ...SORT_COLUMNS[query.sort].map(
        (column) => sql`${sql.raw(`${alias}.${column}`)} ${direction} ${nulls}`,
      ),
      sql`${sql.raw(alias)}.id ${direction}`,
    ];
    // `alias` is r in the filtering query, parts in "mine"'s and queue in the outer one.
    const orderBy = (alias: string) => sql.join([...risk(alias), ...sortKeys(alias)], sql`, `);
    const paging = sql`LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}`;
    // "Mine" reads its two parts apart, each as far as the page reaches (`reach` = limit + offset): the requests at
    // risk soonest due first (service_requests_assignee_due_at_idx), then the rest in the view's own index order.
    // One ORDER BY over both sorted every request the staff member ever had (107 ms at the median in care_bench,
    // docs/perf.md "Issue 18"). The rest carry no due time and only their sort's columns, so that "waiting" walks
    // service_requests_assignee_waiting_idx without reading a row.
    const sortColumns = SORT_COLUMNS[query.sort].map((column) => `r.${column}`).join(', ');
    const reach = sql`LIMIT ${sql.placeholder('reach')}`;
    const page =
      query.view === 'mine'
        ? sql`SELECT parts.id FROM (
            (SELECT r.id, r.due_at AS risk_due, ${sql.raw(sortColumns)} FROM ${serviceRequests} r
              WHERE ${where} AND ${atRisk('r')}
              ORDER BY r.due_at ASC, r.id ASC ${reach})
            UNION ALL
            (SELECT r.id, NULL::timestamptz, ${sql.raw(sortColumns)} FROM ${serviceRequests} r
              WHERE ${where} AND ${atRisk('r')} IS NOT TRUE
              ORDER BY ${sql.join(sortKeys('r'), sql`, `)} ${reach})
          ) parts
          ORDER BY parts.risk_due ASC, CASE WHEN parts.risk_due IS NOT NULL THEN parts.id END ASC,
            ${sql.join(sortKeys('parts'), sql`, `)} ${paging}`
        : sql`SELECT r.id FROM ${serviceRequests} r WHERE ${where} ORDER BY ${orderBy('r')} ${paging}`;
    const queue = sql`(
      WITH page AS (${page}), counted AS (
        SELECT count(*)::int AS matching FROM (
          SELECT 1 FROM ${serviceRequests} r WHERE ${where} LIMIT ${sql.raw(String(STAFF_QUEUE_COUNT_LIMIT + 1))}
        ) matching
      )
      SELECT counted.matching, q.id, q.code, q.status, q.report_date, q.status_changed_at, q.last_message_at,
        q.customer_id,
        ${displayNameSql(requestCustomer)} AS customer_name,
        cu.email AS customer_email,
        q.machine_id, mc.name AS machine_name, mc.serial_number AS machine_serial_number,
        ${unreadCountSql(sql`q.id`, sql.placeholder('staffId'))} AS unread_count,
        q.assigned_to AS assignee_id, ${displayNameSql(assignee)} AS assignee_name,
        q.priority, q.tags, q.waiting_since, mc.guarantee_end_date::text AS guarantee_end_date,
        la.author_id AS last_author_id, ${displayNameSql(lastAuthor)} AS last_author_name,
        q.due_at, q.warn_at,
        CASE WHEN q.first_staff_reply_at IS NULL THEN 'reply' ELSE 'completion' END AS due_target,
        round(service_time_left(q.due_at, now())) AS due_minutes_left,
        q.warn_at <= now() AS due_soon, q.due_at <= now() AS overdue
      FROM counted
      LEFT JOIN (page
        JOIN ${serviceRequests} q ON q.id = page.id
        JOIN ${users} cu ON cu.id = q.customer_id
        JOIN ${machines} mc ON mc.id = q.machine_id
        LEFT JOIN ${users} au ON au.id = q.assigned_to
        -- Who wrote last: the newest message with an author, the end of chat_messages_request_id_idx.
        LEFT JOIN LATERAL (
          SELECT m.author_id FROM ${chatMessages} m
          WHERE m.service_request_id = q.id AND m.author_id IS NOT NULL
          ORDER BY m.id DESC LIMIT 1
        ) la ON true
        LEFT JOIN ${users} lu ON lu.id = la.author_id) ON true
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
        assignee_id: column<Row['assignee_id']>('assignee_id'),
        assignee_name: column<string | null>('assignee_name'),
        priority: column<number>('priority'),
        tags: column<string[]>('tags'),
        waiting_since: column<Row['waiting_since']>('waiting_since'),
        guarantee_end_date: column<string | null>('guarantee_end_date'),
        last_author_id: column<Row['last_author_id']>('last_author_id'),
        last_author_name: column<string | null>('last_author_name'),
        due_at: column<Row['due_at']>('due_at'),
        due_target: column<ServiceTimeTarget>('due_target'),
        due_minutes_left: column<Row['due_minutes_left']>('due_minutes_left'),
        due_soon: column<boolean | null>('due_soon'),
        overdue: column<boolean | null>('overdue'),
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
    reach: query.page * query.pageSize,
  });
  const matching = found[0]!.matching;
  const rows = found.filter((row): row is Row & { matching: number } => row.id !== null);
  const today = todayInPoland();

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
      lastAuthor:
        row.last_author_id === null
          ? null
          : {
              kind: String(row.last_author_id) === String(row.customer_id) ? 'customer' : 'staff',
              name: row.last_author_name ?? '',
            },
      assignee:
        row.assignee_id === null ? null : { id: String(row.assignee_id), name: row.assignee_name ?? '' },
      priority: priorityOf(row.priority),
      tags: row.tags,
      waitingSince: row.waiting_since === null ? null : iso(row.waiting_since),
      guaranteeEndDate: row.guarantee_end_date,
      guaranteeState: guaranteeOf(row.guarantee_end_date, today).guaranteeState,
      due:
        row.due_at === null
          ? null
          : {
              target: row.due_target,
              at: iso(row.due_at),
              minutesLeft: Number(row.due_minutes_left ?? 0),
              state: row.overdue ? 'overdue' : row.due_soon ? 'soon' : 'ok',
            },
    })),
    total: Math.min(matching, STAFF_QUEUE_COUNT_LIMIT),
    totalCapped: matching > STAFF_QUEUE_COUNT_LIMIT,
    page: query.page,
    pageSize: query.pageSize,
  };
}
