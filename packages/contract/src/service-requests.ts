import { z } from 'zod';
import { endpoints, IdParam, IdParams } from './endpoint.ts';
import { FileMetadataSchema, UPLOAD_ERROR_STATUSES, UPLOAD_FILE_FIELD, UploadLimitsSchema } from './files.ts';
import {
  codesFilterField,
  IdSchema,
  pagedSchema,
  pageField,
  pageSizeField,
  SORT_ORDERS,
  textFilterField,
} from './paging.ts';
import { ServiceRatingSchema } from './rating.ts';
import { SERVICE_REQUEST_STATUSES, type ServiceRequestStatus } from './statuses.ts';
import { TranslatedTextSchema } from './translations.ts';

/*
 * Service requests (SPEC §3, §4, §7), serviceRequestEndpoints below. A customer reads and adds to their own
 * requests, files new ones with files and withdraws them while new; service staff
 * (service, admin) read and add to any. Another customer's request, machine or file is a 404.
 * Once created, the description and the attachments never change (SPEC §4): no call edits or removes them.
 */

/** F, X and U end a request (docs/design.md); no appendices are accepted then. */
export const FINAL_SERVICE_REQUEST_STATUSES = [
  'F',
  'X',
  'U',
] as const satisfies readonly ServiceRequestStatus[];

export function isFinalStatus(status: ServiceRequestStatus): boolean {
  return (FINAL_SERVICE_REQUEST_STATUSES as readonly string[]).includes(status);
}

export const SERVICE_REQUEST_TEXT_LIMITS = {
  problemDescription: 4000,
  comments: 2000,
} as const;

/** One row of the customer's list. Dates: reportDate ISO date-time, the others YYYY-MM-DD. */
export const ServiceRequestListItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  machineId: z.string(),
  machineName: z.string(),
  machineSerialNumber: z.string(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  reportDate: z.iso.datetime(),
  estimatedCompletionDate: z.iso.date().nullable(),
  completionDate: z.iso.date().nullable(),
  /** Chat messages by someone else that the current user has not read yet. */
  unreadCount: z.number().int().min(0),
});
export type ServiceRequestListItem = z.infer<typeof ServiceRequestListItemSchema>;

export const SERVICE_REQUEST_SORT_FIELDS = [
  'code',
  'reportDate',
  'status',
  'machineName',
  'machineSerialNumber',
  'estimatedCompletionDate',
  'completionDate',
] as const;
export type ServiceRequestSortField = (typeof SERVICE_REQUEST_SORT_FIELDS)[number];

/** GET api/service-requests/user-owned?page&pageSize&sort&order&q&status&machineId. Default: newest first. */
export const ServiceRequestListQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField,
  sort: z.enum(SERVICE_REQUEST_SORT_FIELDS).default('reportDate'),
  order: z.enum(SORT_ORDERS).default('desc'),
  /** A fragment of the request code, case-insensitive ("000123", "sr/2026"). */
  q: textFilterField,
  status: codesFilterField(SERVICE_REQUEST_STATUSES),
  machineId: IdSchema.optional(),
});
export type ServiceRequestListQuery = z.input<typeof ServiceRequestListQuerySchema>;

export const ServiceRequestPageSchema = pagedSchema(ServiceRequestListItemSchema);
export type ServiceRequestPage = z.infer<typeof ServiceRequestPageSchema>;

export const AttachmentParamsSchema = z.object({ id: IdParam, fileId: z.uuid() });

/** A choice of the new-request form with its label in every language (the web shows the current one). */
export const ServiceRequestElementSchema = z.object({
  code: z.string(),
  label: TranslatedTextSchema,
});
export type ServiceRequestElement = z.infer<typeof ServiceRequestElementSchema>;

/** GET api/service-requests/elements: the form's choices and the upload limits the server applies. */
export const ServiceRequestElementsSchema = z.object({
  transportTypes: z.array(ServiceRequestElementSchema),
  deliveryPlaces: z.array(ServiceRequestElementSchema),
  uploadLimits: UploadLimitsSchema,
});
export type ServiceRequestElements = z.infer<typeof ServiceRequestElementsSchema>;

/** A file of a request (SPEC §3: name, date added, added by). */
export const AttachmentSchema = FileMetadataSchema.extend({
  /** The display name of who added it (first and last name); null if that account is gone. */
  addedBy: z.string().nullable(),
  addedByStaff: z.boolean(),
  /** Sent with the request when it was created. */
  isInitial: z.boolean(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const StatusHistoryEntrySchema = z.object({
  /** null for the entry written when the request was created. */
  fromStatus: z.enum(SERVICE_REQUEST_STATUSES).nullable(),
  toStatus: z.enum(SERVICE_REQUEST_STATUSES),
  changedAt: z.iso.datetime(),
  /** The display name of who changed it; null for the system or a removed account. */
  changedBy: z.string().nullable(),
});
export type StatusHistoryEntry = z.infer<typeof StatusHistoryEntrySchema>;

/** A change of the estimated completion date (set, moved or cleared), kept for the request's history. */
export const EstimateChangeSchema = z.object({
  /** YYYY-MM-DD before the change; null: none was set. */
  fromDate: z.iso.date().nullable(),
  /** YYYY-MM-DD after the change; null: cleared. */
  toDate: z.iso.date().nullable(),
  changedAt: z.iso.datetime(),
  /** The display name of who changed it; null for a removed account. */
  changedBy: z.string().nullable(),
});
export type EstimateChange = z.infer<typeof EstimateChangeSchema>;

/** GET api/service-requests/{id}: every field of SPEC §3. */
export const ServiceRequestDetailsSchema = z.object({
  id: z.string(),
  code: z.string(),
  reportDate: z.iso.datetime(),
  estimatedCompletionDate: z.iso.date().nullable(),
  completionDate: z.iso.date().nullable(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  /** Oldest first. */
  statusHistory: z.array(StatusHistoryEntrySchema),
  transportType: ServiceRequestElementSchema.nullable(),
  deliveryPlace: ServiceRequestElementSchema.nullable(),
  problemDescription: z.string(),
  comments: z.string().nullable(),
  serviceOpinion: z.string().nullable(),
  additionalParts: z.string().nullable(),
  machine: z.object({ id: z.string(), name: z.string(), serialNumber: z.string() }),
  /** Oldest first. */
  attachments: z.array(AttachmentSchema),
  /** Appendices are accepted until the request reaches a final status. */
  canAddAppendices: z.boolean(),
  /** Every change of the estimated completion date, oldest first. */
  estimateHistory: z.array(EstimateChangeSchema),
  /** The customer's confirmation and rating of the finished request (rating.ts); null: not rated. */
  rating: ServiceRatingSchema.nullable(),
  /** The request is F and not rated yet: its customer may rate it. */
  canRate: z.boolean(),
});
export type ServiceRequestDetails = z.infer<typeof ServiceRequestDetailsSchema>;

/** Optional choice code: '' (an empty form field) means none. */
const choiceField = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((value) => value || undefined);

/**
 * POST api/service-requests/new-request: the text fields of the multipart body (files go under
 * UPLOAD_FILE_FIELD). The form resolves with this schema too. Codes are checked against the elements by the server.
 */
export const NewServiceRequestFieldsSchema = z.object({
  machineId: IdSchema,
  /** SPEC §5: the failure description must be filled in. */
  problemDescription: z
    .string()
    .trim()
    .min(1, 'form.failure-description-required')
    .max(SERVICE_REQUEST_TEXT_LIMITS.problemDescription, 'form.max-length'),
  transportType: choiceField,
  deliveryPlace: choiceField,
  comments: z
    .string()
    .trim()
    .max(SERVICE_REQUEST_TEXT_LIMITS.comments, 'form.max-length')
    .optional()
    .transform((value) => value || undefined),
  /**
   * A uuid the browser makes for one submission and sends again when it retries it unchanged: the server files
   * the request once and answers the same request (200) to the retry.
   */
  clientId: z.uuid().optional(),
});
export type NewServiceRequestFields = z.output<typeof NewServiceRequestFieldsSchema>;

/** POST api/service-requests/{id}/appendices answers the request's attachments after the upload. */
export const AppendicesResponseSchema = z.object({
  added: z.array(AttachmentSchema),
  attachments: z.array(AttachmentSchema),
});
export type AppendicesResponse = z.infer<typeof AppendicesResponseSchema>;

/**
 * POST api/service-requests/{id}/withdrawal (no body): the customer withdraws their request while it is N.
 * (Here rather than in staff.ts, which imports this module: the endpoint below needs it.)
 */
export const ServiceRequestWithdrawnSchema = z.object({
  id: z.string(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  statusChangedAt: z.iso.datetime(),
});

export const serviceRequestEndpoints = endpoints('service requests', {
  list: {
    method: 'GET',
    path: '/api/service-requests/user-owned',
    summary: "The signed-in customer's service requests, filtered, sorted and paged, with unread counts",
    access: 'signed-in',
    query: ServiceRequestListQuerySchema,
    responses: { 200: ServiceRequestPageSchema },
  },
  elements: {
    method: 'GET',
    path: '/api/service-requests/elements',
    summary: 'Choices of the new-request form (transport types, delivery places) and the upload limits',
    access: 'signed-in',
    responses: { 200: ServiceRequestElementsSchema },
  },
  create: {
    method: 'POST',
    path: '/api/service-requests/new-request',
    summary:
      'File a service request: multipart with the fields of NewServiceRequestFieldsSchema and files under "files"',
    access: 'signed-in',
    multipart: {
      fields: NewServiceRequestFieldsSchema,
      files: {
        name: UPLOAD_FILE_FIELD,
        description: 'The files sent with the request, up to the upload limits (elements)',
      },
    },
    responses: {
      201: ServiceRequestDetailsSchema,
      200: ServiceRequestDetailsSchema.describe('A retry (same clientId) of a request already filed'),
    },
    /** 404: the machine is not the caller's. */
    errors: [404, ...UPLOAD_ERROR_STATUSES],
  },
  get: {
    method: 'GET',
    path: '/api/service-requests/:id',
    summary: 'One service request with its history and attachments',
    access: 'signed-in',
    params: IdParams,
    responses: { 200: ServiceRequestDetailsSchema },
  },
  addAppendices: {
    method: 'POST',
    path: '/api/service-requests/:id/appendices',
    summary: 'Add files to a request (multipart, files under "files"); existing attachments stay as they are',
    access: 'signed-in',
    params: IdParams,
    multipart: {
      fields: z.object({}),
      files: { name: UPLOAD_FILE_FIELD, description: 'The files to add, up to the upload limits (elements)' },
    },
    responses: { 201: AppendicesResponseSchema },
    errors: UPLOAD_ERROR_STATUSES,
  },
  attachment: {
    method: 'GET',
    path: '/api/service-requests/:id/attachments/:fileId',
    summary: 'Download an attachment (always as a file, never shown inline)',
    access: 'signed-in',
    params: AttachmentParamsSchema,
    responses: { 200: 'file', 304: null },
  },
  withdraw: {
    method: 'POST',
    path: '/api/service-requests/:id/withdrawal',
    summary: 'Withdraw my service request while it is still new (N → X)',
    description:
      "The customer's one status change; it takes the staff status changes' path (history, event, e-mail).",
    access: { roles: ['customer'] },
    params: IdParams,
    responses: { 200: ServiceRequestWithdrawnSchema },
    errors: [409],
  },
});
