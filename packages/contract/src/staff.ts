import { z } from 'zod';
import { endpoints, IdParams } from './endpoint.ts';
import { LANGUAGES } from './locales.ts';
import { GUARANTEE_STATES } from './machines.ts';
import {
  codesFilterField,
  IdSchema,
  pagedSchema,
  pageField,
  pageSizeField,
  SORT_ORDERS,
  textFilterField,
} from './paging.ts';
import { calendarDateSchema } from './ranges.ts';
import { ServiceRequestDetailsSchema, StatusHistoryEntrySchema } from './service-requests.ts';
import { SERVICE_STAFF_ROLES } from './roles.ts';
import { ServiceDueSchema } from './service-times.ts';
import {
  LastAuthorSchema,
  SERVICE_REQUEST_PRIORITIES,
  STAFF_GUARANTEE_FILTERS,
  STAFF_QUEUE_VIEWS,
  StaffColleagueSchema,
  StaffDeskFieldsSchema,
  TagSchema,
} from './staff-desk-fields.ts';
import { MACHINE_STATUSES, SERVICE_REQUEST_STATUSES } from './statuses.ts';
import { AddressSchema } from './user.ts';

/*
 * The service department's side (roles service and admin; others get FORBIDDEN): the queue, a request with its
 * customer and machine, a status change, the service fields (staffEndpoints below); the customer's own withdrawal
 * (N → X) is in service-requests.ts. Replies and files go through the ordinary chat endpoints (api/chat/*), which staff may use on every request.
 * A status change refused by SERVICE_REQUEST_TRANSITIONS is INVALID_STATUS_TRANSITION (409); a change from a status
 * that is no longer the current one (someone else changed it first) is STATUS_CHANGED_MEANWHILE (409).
 */

export { SERVICE_STAFF_ROLES, isServiceStaffRole } from './roles.ts';

/**
 * The queue counts matching rows up to this number; beyond it `total` is this and `totalCapped` is true (show
 * "1000+"). Pages past it are still served: while `totalCapped`, offer the next page whenever a page is full.
 */
export const STAFF_QUEUE_COUNT_LIMIT = 1000;

export const STAFF_QUEUE_SORT_FIELDS = [
  'reportDate',
  'statusChangedAt',
  'lastMessageAt',
  'waitingSince',
  'priority',
  /** The next service-time target's due time (docs/decisions/066); final requests last in either order. */
  'dueAt',
] as const;
export type StaffQueueSortField = (typeof STAFF_QUEUE_SORT_FIELDS)[number];

/** A query-string flag: 'true' or '1' is on; 'false', '0' or no value is off. */
const flagField = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/**
 * GET api/staff/service-requests?page&pageSize&sort&order&status&reportedFrom&reportedTo&machine&customer&model
 * &changedFrom&changedTo&view&assignee&waiting&priority&tag&guarantee&code. Default: everyone's, newest report
 * first. Report and change dates are calendar days in Poland, both ends included.
 * Rows without a chat message sort last by lastMessageAt in either order, rows nobody waits on last by
 * waitingSince (ascending: who waits longest first), final requests last by dueAt. The "mine" view puts the requests
 * about to breach or overdue first (soonest due first), then the rest in the chosen order.
 */
export const StaffQueueQuerySchema = z
  .object({
    page: pageField,
    pageSize: pageSizeField,
    sort: z.enum(STAFF_QUEUE_SORT_FIELDS).default('reportDate'),
    order: z.enum(SORT_ORDERS).default('desc'),
    /** `?status=N&status=C` or `?status=N,C`. */
    status: codesFilterField(SERVICE_REQUEST_STATUSES),
    /** YYYY-MM-DD: reported on or after this day. */
    reportedFrom: calendarDateSchema.optional(),
    /** YYYY-MM-DD: reported on or before this day. */
    reportedTo: calendarDateSchema.optional(),
    /** A fragment of the machine's serial number or name, case-insensitive. */
    machine: textFilterField,
    /** A fragment of the customer's name, e-mail address or phone, case- and accent-insensitive. */
    customer: textFilterField,
    /** A machine model: the machine's name exactly as the ERP wrote it (the insight dashboard's per-model links). */
    model: z
      .string()
      .trim()
      .max(200, 'form.max-length')
      .optional()
      .transform((value) => value || undefined),
    /** YYYY-MM-DD: the status last changed on or after this day (with status F, X, U: closed since). */
    changedFrom: calendarDateSchema.optional(),
    /** YYYY-MM-DD: the status last changed on or before this day. */
    changedTo: calendarDateSchema.optional(),
    /** Everyone's, the signed-in staff member's own, or the requests nobody took (docs/decisions/062). */
    view: z.enum(STAFF_QUEUE_VIEWS).default('all'),
    /** The requests of this staff member (an id). */
    assignee: IdSchema.optional(),
    /** Only requests waiting for the department's answer (shared by the team, not per person). */
    waiting: flagField,
    /** `?priority=high,urgent`. */
    priority: codesFilterField(SERVICE_REQUEST_PRIORITIES),
    /** Requests with this tag. */
    tag: TagSchema.optional(),
    /** The machine's guarantee today: in guarantee, ending within 30 days, ended. */
    guarantee: z.enum(STAFF_GUARANTEE_FILTERS).optional(),
    /** A request's code: SR/2026/000123, 2026/123, or only its number (123: that number in any year). */
    code: z
      .string()
      .trim()
      .max(30, 'form.max-length')
      .optional()
      .transform((value) => value || undefined),
  })
  .refine((q) => !q.reportedFrom || !q.reportedTo || q.reportedFrom <= q.reportedTo, {
    path: ['reportedTo'],
  })
  .refine((q) => !q.changedFrom || !q.changedTo || q.changedFrom <= q.changedTo, {
    path: ['changedTo'],
  });
export type StaffQueueQuery = z.input<typeof StaffQueueQuerySchema>;

/** One row of the queue. */
export const StaffQueueItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  /** ISO date-time. */
  reportDate: z.iso.datetime(),
  /** ISO date-time of the last status change (the report date for a new request). */
  statusChangedAt: z.iso.datetime(),
  customerId: z.string(),
  /** First and last name, or the e-mail address when the account has no name. */
  customerName: z.string(),
  customerEmail: z.string(),
  machineId: z.string(),
  machineName: z.string(),
  machineSerialNumber: z.string(),
  /** Chat messages by someone else that the signed-in staff member has not read. */
  unreadCount: z.number().int().min(0),
  /** ISO date-time of the newest chat message; null when nobody wrote yet. */
  lastMessageAt: z.iso.datetime().nullable(),
  /** Who wrote the newest chat message; null when nobody wrote yet (or a system notice). */
  lastAuthor: LastAuthorSchema.nullable(),
  /** The staff member handling it; null: nobody took it. */
  assignee: StaffColleagueSchema.nullable(),
  priority: z.enum(SERVICE_REQUEST_PRIORITIES),
  tags: z.array(z.string()),
  /** ISO date-time since when the customer waits for the department's answer; null: nobody waits. */
  waitingSince: z.iso.datetime().nullable(),
  /** The machine's guarantee end day (YYYY-MM-DD) and its state today in Poland. */
  guaranteeEndDate: z.iso.date().nullable(),
  guaranteeState: z.enum(GUARANTEE_STATES),
  /** The next service-time target and what is left of it; null for a final request (docs/decisions/066). */
  due: ServiceDueSchema.nullable(),
});
export type StaffQueueItem = z.infer<typeof StaffQueueItemSchema>;

export const StaffQueuePageSchema = pagedSchema(StaffQueueItemSchema).extend({
  /** More rows match than STAFF_QUEUE_COUNT_LIMIT; `total` is the limit (show "1000+"). */
  totalCapped: z.boolean(),
});
export type StaffQueuePage = z.infer<typeof StaffQueuePageSchema>;

/** The customer as the service department sees them ('' for what they did not give). */
export const StaffCustomerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  language: z.enum(LANGUAGES),
  /** null when the customer never saved an address. */
  address: AddressSchema.nullable(),
});
export type StaffCustomer = z.infer<typeof StaffCustomerSchema>;

/** The request's machine with its ERP data and guarantee (computed for today in Poland, as for customers). */
export const StaffMachineSchema = z.object({
  id: z.string(),
  name: z.string(),
  serialNumber: z.string(),
  purchaseDate: z.iso.date().nullable(),
  guaranteeEndDate: z.iso.date().nullable(),
  guaranteeDaysLeft: z.number().int().nullable(),
  guaranteeState: z.enum(GUARANTEE_STATES),
  status: z.enum(MACHINE_STATUSES),
  dealer: z.string().nullable(),
});
export type StaffMachine = z.infer<typeof StaffMachineSchema>;

/** A history entry with the staff member's note (notes are for staff only; customers never see them). */
export const StaffStatusHistoryEntrySchema = StatusHistoryEntrySchema.extend({
  note: z.string().nullable(),
});
export type StaffStatusHistoryEntry = z.infer<typeof StaffStatusHistoryEntrySchema>;

/** GET api/staff/service-requests/{id}: everything the customer sees, plus customer, machine and notes. */
export const StaffServiceRequestSchema = ServiceRequestDetailsSchema.extend({
  /** Oldest first. */
  statusHistory: z.array(StaffStatusHistoryEntrySchema),
  statusChangedAt: z.iso.datetime(),
  customer: StaffCustomerSchema,
  machine: StaffMachineSchema,
  /** The statuses this request may move to now (SERVICE_REQUEST_TRANSITIONS of its status). */
  allowedTransitions: z.array(z.enum(SERVICE_REQUEST_STATUSES)),
  /** Assignee, priority, tags, waiting (docs/decisions/062). */
  desk: StaffDeskFieldsSchema,
});
export type StaffServiceRequest = z.infer<typeof StaffServiceRequestSchema>;

export const STAFF_TEXT_LIMITS = {
  statusNote: 1000,
  serviceOpinion: 4000,
  additionalParts: 4000,
} as const;

/** Optional text: trimmed; '' is no text (null for the PATCH fields, left out for the note). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'form.max-length')
    .transform((value) => value || null);

/**
 * POST api/staff/service-requests/{id}/status. `fromStatus` is the status the screen showed: when someone
 * changed it since, the change is refused with STATUS_CHANGED_MEANWHILE instead of applying to a status the
 * staff member did not see. The note stays in the history for staff.
 */
export const StaffStatusChangeSchema = z
  .object({
    status: z.enum(SERVICE_REQUEST_STATUSES),
    fromStatus: z.enum(SERVICE_REQUEST_STATUSES).optional(),
    note: optionalText(STAFF_TEXT_LIMITS.statusNote).optional(),
    /**
     * YYYY-MM-DD, the day the work was done: required with F (executed), refused with any other status. The
     * server refuses a day after today in Poland (form.completion-date-future) or before the report day
     * (DATE_BEFORE_REPORT_DATE); it is saved with the status change.
     */
    completionDate: calendarDateSchema.optional(),
  })
  .check((ctx) => {
    const { status, completionDate } = ctx.value;
    if (status === 'F' && completionDate === undefined)
      ctx.issues.push({
        code: 'custom',
        path: ['completionDate'],
        message: 'form.completion-date-required',
        input: completionDate,
      });
    if (status !== 'F' && completionDate !== undefined)
      ctx.issues.push({
        code: 'custom',
        path: ['completionDate'],
        message: 'form.completion-date-not-allowed',
        input: completionDate,
      });
  });
export type StaffStatusChange = z.input<typeof StaffStatusChangeSchema>;

/**
 * PATCH api/staff/service-requests/{id}: only the fields given change; null (or '' for texts) clears one.
 * Dates are YYYY-MM-DD and may not be before the report day (DATE_BEFORE_REPORT_DATE); the completion date may not
 * be after today in Poland (form.completion-date-future). Any other field —
 * the description, comments, attachments — is refused (VALIDATION_FAILED): a created request never changes them.
 */
export const StaffServiceRequestUpdateSchema = z.strictObject({
  estimatedCompletionDate: calendarDateSchema.nullable().optional(),
  completionDate: calendarDateSchema.nullable().optional(),
  serviceOpinion: optionalText(STAFF_TEXT_LIMITS.serviceOpinion).nullable().optional(),
  additionalParts: optionalText(STAFF_TEXT_LIMITS.additionalParts).nullable().optional(),
});
export type StaffServiceRequestUpdate = z.input<typeof StaffServiceRequestUpdateSchema>;

/*
 * Only roles service and admin (docs/decisions/022): anyone else signed in is FORBIDDEN (these are not another
 * customer's rows but a screen they may not use).
 */
const staffOnly = { roles: SERVICE_STAFF_ROLES };

export const staffEndpoints = endpoints('staff', {
  queue: {
    method: 'GET',
    path: '/api/staff/service-requests',
    summary: "The queue of service requests (everyone's, mine, unassigned), filtered, sorted and paged",
    access: staffOnly,
    query: StaffQueueQuerySchema,
    responses: { 200: StaffQueuePageSchema },
  },
  get: {
    method: 'GET',
    path: '/api/staff/service-requests/:id',
    summary: 'A service request with the customer, the machine and the staff notes',
    access: staffOnly,
    params: IdParams,
    responses: { 200: StaffServiceRequestSchema },
  },
  changeStatus: {
    method: 'POST',
    path: '/api/staff/service-requests/:id/status',
    summary: 'Change the status along the allowed transitions; the customer is notified',
    access: staffOnly,
    params: IdParams,
    body: StaffStatusChangeSchema,
    responses: { 200: StaffServiceRequestSchema },
    errors: [409],
  },
  update: {
    method: 'PATCH',
    path: '/api/staff/service-requests/:id',
    summary: 'Set the estimated and completion dates, the service opinion and the additional parts',
    access: staffOnly,
    params: IdParams,
    body: StaffServiceRequestUpdateSchema,
    responses: { 200: StaffServiceRequestSchema },
  },
});
