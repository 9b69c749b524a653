import { z } from 'zod';
import { endpoints, IdParams } from './endpoint.ts';
import { IdSchema, textFilterField } from './paging.ts';
import { SERVICE_STAFF_ROLES } from './roles.ts';
import { NewServiceRequestFieldsSchema } from './service-requests.ts';
import { SERVICE_REQUEST_STATUSES } from './statuses.ts';
import { TranslatedTextSchema } from './translations.ts';

/*
 * Intake and corrections (issue 18, docs/decisions/064): the service desk files a request for a customer who
 * phoned, corrects a request's machine, transport type or delivery place with a reason, and closes a request as a
 * duplicate of another of the same customer. Roles service and admin only, except the request's record (filed by,
 * duplicate links, corrections), which its customer reads too — without the staff's reasons.
 *
 * Refusals: a customer who is not an active customer account, or a machine not theirs, is NOT_FOUND; a correction
 * of a request in a final status is CORRECTION_NOT_ALLOWED (409), one that changes nothing NOTHING_TO_CORRECT
 * (400), another customer's machine NOT_FOUND. A duplicate: an unknown code is a field error of `originalCode`;
 * itself DUPLICATE_OF_ITSELF, another customer's request DUPLICATE_OF_OTHER_CUSTOMER, a closed original (F, X, U)
 * DUPLICATE_ORIGINAL_CLOSED, a request with duplicates of its own DUPLICATE_HAS_DUPLICATES (all 422); marking
 * needs the status to allow → X (N or C, SERVICE_REQUEST_TRANSITIONS), else INVALID_STATUS_TRANSITION (409). An
 * original that is itself a duplicate is closed (X), so it is refused as closed.
 */

/** The customer search of the intake screen answers at most this many customers (the best matches first). */
export const INTAKE_CUSTOMER_LIMIT = 20;
/** A correction's reason and a duplicate's note: short texts for colleagues. */
export const INTAKE_TEXT_LIMITS = { reason: 500 } as const;

/** The fields a correction may change, in the order the history lists them. */
export const CORRECTION_FIELDS = ['machine', 'transportType', 'deliveryPlace'] as const;
export type CorrectionField = (typeof CORRECTION_FIELDS)[number];

/** GET api/staff/intake/customers?q: active customers whose name, e-mail, phone or company holds q. */
export const IntakeCustomersQuerySchema = z.object({ q: textFilterField });

export const IntakeCustomerSchema = z.object({
  id: z.string(),
  /** First and last name ('' when the account has none). */
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  companyName: z.string().nullable(),
});
export type IntakeCustomer = z.infer<typeof IntakeCustomerSchema>;
export const IntakeCustomersSchema = z.array(IntakeCustomerSchema);

/** GET api/staff/intake/customers/{id}/machines: the customer's machines, by name. */
export const IntakeMachineSchema = z.object({ id: z.string(), name: z.string(), serialNumber: z.string() });
export type IntakeMachine = z.infer<typeof IntakeMachineSchema>;
export const IntakeMachinesSchema = z.array(IntakeMachineSchema);

/**
 * POST api/staff/intake/service-requests: the customer's new-request fields (the same schema as their form) and
 * whose request it is. No files: what the customer sends later goes into the request's conversation.
 */
export const IntakeRequestSchema = NewServiceRequestFieldsSchema.extend({ customerId: IdSchema });
export type IntakeRequest = z.output<typeof IntakeRequestSchema>;
export type IntakeRequestInput = z.input<typeof IntakeRequestSchema>;

export const IntakeFiledSchema = z.object({ id: z.string(), code: z.string() });
export type IntakeFiled = z.infer<typeof IntakeFiledSchema>;

const reasonField = z
  .string()
  .trim()
  .min(1, 'form.required')
  .max(INTAKE_TEXT_LIMITS.reason, 'form.max-length');

/** A choice (transport type, delivery place): a code, or null ('' too) to clear it; absent: unchanged. */
const correctedChoice = z
  .string()
  .trim()
  .max(64)
  .nullable()
  .optional()
  .transform((value) => (value === '' ? null : value));

/**
 * POST api/staff/service-requests/{id}/corrections: the fields to change (only those sent) and why. Each field that
 * differs is one history entry with the same reason.
 */
export const RequestCorrectionSchema = z.object({
  machineId: IdSchema.optional(),
  transportType: correctedChoice,
  deliveryPlace: correctedChoice,
  reason: reasonField,
});
export type RequestCorrection = z.input<typeof RequestCorrectionSchema>;

/** POST api/staff/service-requests/{id}/duplicate: the code of the request this one repeats, and a staff note. */
export const MarkDuplicateSchema = z.object({
  originalCode: z.string().trim().min(1, 'form.required').max(40, 'form.max-length'),
  note: z
    .string()
    .trim()
    .max(INTAKE_TEXT_LIMITS.reason, 'form.max-length')
    .optional()
    .transform((value) => value || undefined),
});
export type MarkDuplicate = z.input<typeof MarkDuplicateSchema>;

/** Another request as a link: its code and status. */
export const RequestLinkSchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
});
export type RequestLink = z.infer<typeof RequestLinkSchema>;

/** GET api/staff/service-requests/{id}/duplicate-candidates: the customer's other open requests, newest first. */
export const DuplicateCandidateSchema = RequestLinkSchema.extend({
  reportDate: z.iso.datetime(),
  machineName: z.string(),
  machineSerialNumber: z.string(),
});
export type DuplicateCandidate = z.infer<typeof DuplicateCandidateSchema>;
export const DuplicateCandidatesSchema = z.array(DuplicateCandidateSchema);

/** One correction as the history shows it: the values' labels (a machine: "name (serial)"), null for none. */
export const CorrectionEntrySchema = z.object({
  field: z.enum(CORRECTION_FIELDS),
  from: TranslatedTextSchema.nullable(),
  to: TranslatedTextSchema.nullable(),
  changedBy: z.string(),
  changedAt: z.iso.datetime(),
  /** For staff only: the customer's answer leaves it out. */
  reason: z.string().optional(),
});
export type CorrectionEntry = z.infer<typeof CorrectionEntrySchema>;

/** GET api/service-requests/{id}/record: how the request came in and what was corrected since. */
export const RequestRecordSchema = z.object({
  /** The staff member who filed it for the customer (by phone); null: the customer filed it. */
  filedBy: z.object({ name: z.string(), at: z.iso.datetime() }).nullable(),
  duplicateOf: RequestLinkSchema.nullable(),
  duplicates: z.array(RequestLinkSchema),
  corrections: z.array(CorrectionEntrySchema),
});
export type RequestRecord = z.infer<typeof RequestRecordSchema>;

const staffOnly = { roles: SERVICE_STAFF_ROLES };

export const intakeEndpoints = endpoints('intake', {
  customers: {
    method: 'GET',
    path: '/api/staff/intake/customers',
    summary: 'Active customers to file a request for: name, e-mail, phone or company (3 characters at least)',
    access: staffOnly,
    query: IntakeCustomersQuerySchema,
    responses: { 200: IntakeCustomersSchema },
  },
  machines: {
    method: 'GET',
    path: '/api/staff/intake/customers/:id/machines',
    summary: "An active customer's machines",
    access: staffOnly,
    params: IdParams,
    responses: { 200: IntakeMachinesSchema },
  },
  file: {
    method: 'POST',
    path: '/api/staff/intake/service-requests',
    summary: 'File a request for a customer who phoned: theirs, with who filed it in its history',
    access: staffOnly,
    body: IntakeRequestSchema,
    responses: { 201: IntakeFiledSchema },
    /** 404: not an active customer, or not their machine. */
    errors: [404],
  },
  correct: {
    method: 'POST',
    path: '/api/staff/service-requests/:id/corrections',
    summary:
      "Correct a request's machine, transport type or delivery place, with a reason kept in its history",
    access: staffOnly,
    params: IdParams,
    body: RequestCorrectionSchema,
    responses: { 200: RequestRecordSchema },
    errors: [409],
  },
  candidates: {
    method: 'GET',
    path: '/api/staff/service-requests/:id/duplicate-candidates',
    summary: "The same customer's other open requests this one may duplicate",
    access: staffOnly,
    params: IdParams,
    responses: { 200: DuplicateCandidatesSchema },
  },
  markDuplicate: {
    method: 'POST',
    path: '/api/staff/service-requests/:id/duplicate',
    summary: 'Close a request (→ X) as a duplicate of another of the same customer; both link to each other',
    access: staffOnly,
    params: IdParams,
    body: MarkDuplicateSchema,
    responses: { 200: RequestRecordSchema },
    errors: [409, 422],
  },
  record: {
    method: 'GET',
    path: '/api/service-requests/:id/record',
    summary:
      "Who filed a request, its duplicate links and corrections (the customer's own, or any for staff)",
    access: 'signed-in',
    params: IdParams,
    responses: { 200: RequestRecordSchema },
  },
});
