import { SERVICE_REQUEST_STATUSES } from '@care/contract/statuses';
import type { TranslatedText } from '@care/contract/translations';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bigintRef, checkIn, createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { files } from './files.ts';
import { machines } from './machines.ts';
import { users } from './users.ts';

export const SERVICE_REQUEST_ELEMENT_KINDS = ['transport_type', 'delivery_place'] as const;
export type ServiceRequestElementKind = (typeof SERVICE_REQUEST_ELEMENT_KINDS)[number];

/**
 * The choices of the new-request form (`api/service-requests/elements`). Codes are never deleted, only
 * deactivated, because service_requests keep the code as text.
 */
export const serviceRequestElements = pgTable(
  'service_request_elements',
  {
    id: id(),
    kind: text('kind', { enum: SERVICE_REQUEST_ELEMENT_KINDS }).notNull(),
    code: text('code').notNull(),
    label: jsonb('label').$type<TranslatedText>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    unique('service_request_elements_kind_code_key').on(t.kind, t.code),
    checkIn('service_request_elements_kind_check', t.kind, SERVICE_REQUEST_ELEMENT_KINDS),
  ],
);

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: id(),
    /** Readable number, e.g. SR/2026/000123, from `nextDocumentCode` (schema/counters.ts). */
    code: text('code').notNull(),
    customerId: bigintRef('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    machineId: bigintRef('machine_id')
      .notNull()
      .references(() => machines.id, { onDelete: 'restrict' }),
    status: text('status', { enum: SERVICE_REQUEST_STATUSES }).notNull().default('N'),
    reportDate: timestamptz('report_date').notNull().defaultNow(),
    estimatedCompletionDate: date('estimated_completion_date', { mode: 'string' }),
    completionDate: date('completion_date', { mode: 'string' }),
    /** A `transport_type` code of service_request_elements. */
    transportType: text('transport_type'),
    /** A `delivery_place` code of service_request_elements. */
    deliveryPlace: text('delivery_place'),
    /** Set at creation and never changed afterwards (SPEC §4). */
    problemDescription: text('problem_description').notNull(),
    comments: text('comments'),
    serviceOpinion: text('service_opinion'),
    additionalParts: text('additional_parts'),
    /** The service employee handling the request, if one took it. */
    assignedTo: bigintRef('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    statusChangedAt: timestamptz('status_changed_at').notNull().defaultNow(),
    lastMessageAt: timestamptz('last_message_at'),
    /**
     * When a staff account first wrote in the request's chat (chat.service.ts, in the message's transaction);
     * the insight dashboard's time to first reply (docs/decisions/047).
     */
    firstStaffReplyAt: timestamptz('first_staff_reply_at'),
    /**
     * The machine's model (machines.name) as it is now, copied so the queue and the insight dashboard list and
     * count requests per model over an index. Database triggers keep it (migration 0018): set from the machine on
     * insert and when the machine changes, and rewritten when a machine's name changes (an ERP import).
     */
    machineModel: text('machine_model').notNull().default(''),
    /**
     * The machine's guarantee end date as it is now, copied by the same triggers as the model (migration 0032), so
     * the queue's guarantee filters are ranges of an index of the requests instead of a probe of each request's
     * machine: "ending" is the requests whose copy falls within the month (docs/perf.md "Issue 18").
     */
    machineGuaranteeEndDate: date('machine_guarantee_end_date', { mode: 'string' }),
    /**
     * How many chat messages the request has, and the id of the newest one its customer wrote (null: none), kept
     * by a trigger on chat_messages (migration 0019, docs/decisions/056). Someone without a counter row in
     * chat_unread_counts has read nothing here and written nothing: all `chat_message_count` messages are
     * unread for them. The staff queue's "unread" = `last_customer_message_id` after the staff member's marker.
     */
    chatMessageCount: integer('chat_message_count').notNull().default(0),
    lastCustomerMessageId: bigintRef('last_customer_message_id'),
    /** The uuid the customer's browser made for this submission: a retried upload files the request once. */
    clientId: uuid('client_id'),
    /**
     * Since when the request waits for the department's answer (null: it does not): set by the customer's
     * message or new attachment, cleared by any staff member's reply or "no answer needed". Kept by triggers in
     * the writing transaction (migrations 0024–0025, docs/decisions/062); shared by the team, not per person.
     */
    waitingSince: timestamptz('waiting_since'),
    /** SERVICE_REQUEST_PRIORITIES' index: 0 low, 1 normal, 2 high, 3 urgent (sorting by it sorts by urgency). */
    priority: smallint('priority').notNull().default(1),
    /** Free short tags set by staff (TagSchema: folded to lower case); suggestions from service_request_tags. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The staff member who filed the request for its customer (by phone); null: the customer filed it (064). */
    filedBy: bigintRef('filed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The request of the same customer this one repeats: it was closed (X) as its duplicate (064). */
    duplicateOf: bigintRef('duplicate_of').references((): AnyPgColumn => serviceRequests.id, {
      onDelete: 'restrict',
    }),
    /**
     * When the first reply and completion fall due by the service times of the request's priority (working time,
     * docs/decisions/066), and when less than a fifth of each is left ("about to breach"). Set by a trigger from
     * service_time_targets at insert and at a priority change; an admin's new targets rewrite the open requests'.
     */
    replyDueAt: timestamptz('reply_due_at'),
    replyWarnAt: timestamptz('reply_warn_at'),
    completionDueAt: timestamptz('completion_due_at'),
    completionWarnAt: timestamptz('completion_warn_at'),
    /**
     * The next target's due and warning times: the first reply's while no staff member wrote, then completion's;
     * none once the request is final. Generated, so the queue sorts by them over an index.
     */
    dueAt: timestamptz('due_at').generatedAlwaysAs(
      sql`CASE WHEN status IN ('F', 'X', 'U') THEN NULL WHEN first_staff_reply_at IS NULL THEN reply_due_at ELSE completion_due_at END`,
    ),
    warnAt: timestamptz('warn_at').generatedAlwaysAs(
      sql`CASE WHEN status IN ('F', 'X', 'U') THEN NULL WHEN first_staff_reply_at IS NULL THEN reply_warn_at ELSE completion_warn_at END`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('service_requests_code_key').on(t.code),
    // A request's duplicates ("has duplicate SR/…"): few rows have one.
    index('service_requests_duplicate_of_idx')
      .on(t.duplicateOf)
      .where(sql`${t.duplicateOf} IS NOT NULL`),
    uniqueIndex('service_requests_customer_client_id_key')
      .on(t.customerId, t.clientId)
      .where(sql`${t.clientId} IS NOT NULL`),
    // The customer's list, newest first (backward scan; id breaks ties for keyset paging).
    index('service_requests_customer_report_date_idx').on(t.customerId, t.reportDate, t.id),
    // The staff queue filtered by status, oldest first or newest first.
    index('service_requests_status_report_date_idx').on(t.status, t.reportDate, t.id),
    // The staff queue by latest activity: ORDER BY last_message_at DESC NULLS LAST (never-discussed last).
    index('service_requests_last_message_at_idx').on(t.lastMessageAt.desc().nullsLast()),
    // The staff queue unfiltered or by report date only (newest first by default), by longest silence
    // (last_message_at ASC NULLS LAST) and by status change (docs/decisions/022).
    index('service_requests_report_date_idx').on(t.reportDate, t.id),
    index('service_requests_last_message_at_asc_idx').on(t.lastMessageAt, t.id),
    index('service_requests_status_changed_at_idx').on(t.statusChangedAt, t.id),
    // Insight: requests reported per week and their time to the first staff reply, an index-only range scan.
    index('service_requests_report_date_first_reply_idx').on(t.reportDate, t.firstStaffReplyAt),
    // Insight: requests closed per week and time to completion, a range of the last 26 weeks (decisions/047).
    index('service_requests_closed_at_idx')
      .on(t.statusChangedAt, t.status, t.reportDate)
      .where(sql`${t.status} IN ('F', 'X', 'U')`),
    // The queue's "mine" view and assignee filter, newest first (docs/decisions/062).
    index('service_requests_assigned_to_report_date_idx')
      .on(t.assignedTo, t.reportDate, t.id)
      .where(sql`${t.assignedTo} IS NOT NULL`),
    // The queue's "unassigned" view, newest first.
    index('service_requests_unassigned_report_date_idx')
      .on(t.reportDate, t.id)
      .where(sql`${t.assignedTo} IS NULL`),
    // "Waiting for us": the header's count is an index-only count of this small partial index, and the queue's
    // filter sorted by waiting time walks it.
    index('service_requests_waiting_idx')
      .on(t.waitingSince, t.id)
      .where(sql`${t.waitingSince} IS NOT NULL`),
    // Sorting by priority (most urgent first, newest first within one).
    index('service_requests_priority_report_date_idx').on(t.priority, t.reportDate, t.id),
    // The queue sorted by due time (open requests only), and the breach warnings' job (docs/decisions/066).
    index('service_requests_due_at_idx')
      .on(t.dueAt, t.id)
      .where(sql`${t.dueAt} IS NOT NULL`),
    // "Mine"'s requests at risk, soonest due first: an index-only walk of the assignee's open requests that tests
    // warn_at and, for "mine, waiting", waiting_since in the index (keys for that only: with waiting_since outside
    // it the planner sorted all of a staff member's waiting requests instead). The predicate names warn_at:
    // `warn_at <= now()` implies it, not due_at's.
    index('service_requests_assignee_due_at_idx')
      .on(t.assignedTo, t.dueAt, t.id, t.warnAt, t.waitingSince)
      .where(sql`${t.warnAt} IS NOT NULL AND ${t.assignedTo} IS NOT NULL`),
    // "Mine, waiting for us": the assignee's waiting requests in waiting order, their count an index-only range, and
    // those not at risk told apart in the index (warn_at).
    index('service_requests_assignee_waiting_idx')
      .on(t.assignedTo, t.waitingSince, t.id, t.warnAt)
      .where(sql`${t.waitingSince} IS NOT NULL AND ${t.assignedTo} IS NOT NULL`),
    index('service_requests_warn_at_idx')
      .on(t.warnAt, t.id)
      .where(sql`${t.warnAt} IS NOT NULL`),
    // The tag filter: tags @> ARRAY[tag].
    index('service_requests_tags_idx').using('gin', t.tags),
    // Search by the number of a code alone ("123": SR/<any year>/000123).
    index('service_requests_code_number_idx').on(sql`split_part(${t.code}, '/', 3)`),
    // A machine's requests (machine details page, the queue's machine filter).
    index('service_requests_machine_report_date_idx').on(t.machineId, t.reportDate, t.id),
    // The queue's guarantee filters: "ending" a range of a month's end dates, its page one walk per day of it;
    // "active" and "ended" count a range of it.
    index('service_requests_guarantee_report_date_idx').on(t.machineGuaranteeEndDate, t.reportDate, t.id),
    // Requests per machine model: the insight dashboard's link into the queue (a page and its capped count are
    // ranges of this index) and the per-model counts (docs/decisions/047).
    index('service_requests_machine_model_report_date_idx').on(t.machineModel, t.reportDate, t.id),
    // The staff queue's "unread only" (docs/decisions/056): the requests whose customer wrote, newest first, with
    // the customer's newest message in the index, so the page and its capped count read no request's row to
    // decide, only the staff member's read markers.
    index('service_requests_customer_wrote_idx')
      .on(t.reportDate, t.id, t.lastCustomerMessageId)
      .where(sql`${t.lastCustomerMessageId} IS NOT NULL AND ${t.lastMessageAt} IS NOT NULL`),
    checkIn('service_requests_status_check', t.status, SERVICE_REQUEST_STATUSES),
    check('service_requests_priority_check', sql`${t.priority} BETWEEN 0 AND 3`),
  ],
);

/** Who took, handed over or released a request, and when (the staff page's history; docs/decisions/062). */
export const serviceRequestAssignments = pgTable(
  'service_request_assignments',
  {
    id: id(),
    serviceRequestId: bigintRef('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    /** The new assignee; null: released. */
    assignedTo: bigintRef('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    assignedBy: bigintRef('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamptz('assigned_at').notNull().defaultNow(),
  },
  (t) => [
    index('service_request_assignments_request_idx').on(t.serviceRequestId, t.assignedAt),
    index('service_request_assignments_assigned_to_idx').on(t.assignedTo),
    index('service_request_assignments_assigned_by_idx').on(t.assignedBy),
  ],
);

/** Every tag ever set on a request: the suggestions of the tag field (a prefix of the primary key). */
export const serviceRequestTags = pgTable('service_request_tags', {
  tag: text('tag').primaryKey(),
  createdAt: createdAt(),
});

export const serviceRequestStatusHistory = pgTable(
  'service_request_status_history',
  {
    id: id(),
    serviceRequestId: bigintRef('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    /** NULL for the row written when the request is created. */
    fromStatus: text('from_status', { enum: SERVICE_REQUEST_STATUSES }),
    toStatus: text('to_status', { enum: SERVICE_REQUEST_STATUSES }).notNull(),
    changedBy: bigintRef('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
    note: text('note'),
  },
  (t) => [
    index('service_request_status_history_request_idx').on(t.serviceRequestId, t.changedAt),
    index('service_request_status_history_changed_by_idx').on(t.changedBy),
    checkIn('service_request_status_history_from_status_check', t.fromStatus, SERVICE_REQUEST_STATUSES),
    checkIn('service_request_status_history_to_status_check', t.toStatus, SERVICE_REQUEST_STATUSES),
  ],
);

/**
 * Every change of a request's estimated completion date (issue 18): set (from null), moved, cleared (to null), by
 * whom and when — the request's history for staff and the customer. Written in the transaction of the change.
 */
export const serviceRequestEstimateChanges = pgTable(
  'service_request_estimate_changes',
  {
    id: id(),
    serviceRequestId: bigintRef('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    changedBy: bigintRef('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (t) => [
    index('service_request_estimate_changes_request_idx').on(t.serviceRequestId, t.changedAt),
    index('service_request_estimate_changes_changed_by_idx').on(t.changedBy),
  ],
);

/** Files attached to a request; `is_initial` marks those sent with the request (they can never be removed). */
export const serviceRequestAttachments = pgTable(
  'service_request_attachments',
  {
    serviceRequestId: bigintRef('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    addedBy: bigintRef('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
    isInitial: boolean('is_initial').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'service_request_attachments_pkey', columns: [t.serviceRequestId, t.fileId] }),
    // Download permission: which request links this file.
    index('service_request_attachments_file_id_idx').on(t.fileId),
  ],
);
