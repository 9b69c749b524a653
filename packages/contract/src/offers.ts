import { z } from 'zod';
import { endpoints, IdParam, IdParams } from './endpoint.ts';
import { FileMetadataSchema, UPLOAD_ERROR_STATUSES, UPLOAD_FILE_FIELD } from './files.ts';
import { AUTHORITIES, LIMITS, OFFER_REQUEST_LIMITS } from './limits.ts';
import { LANGUAGES } from './locales.ts';
import { codesFilterField, IdSchema, pagedSchema, pageField, pageSizeField } from './paging.ts';
import { calendarDateSchema } from './ranges.ts';
import { OFFER_STAFF_ROLES } from './roles.ts';
import { OFFER_REQUEST_STATUSES, type OfferRequestStatus } from './statuses.ts';
import { TranslatedTextSchema, translatedNameSchema } from './translations.ts';

/*
 * Offer requests (SPEC §3 cart item, §7 "offer request: whole cart list"): the customer sends the cart and reads
 * their own requests; parts sales (sales, admin) work the inbox and change statuses (offerEndpoints below).
 */

export { OFFER_REQUEST_LIMITS };
export { OFFER_STAFF_ROLES, isOfferStaffRole } from './roles.ts';

/** Where a status may go next: sent → in_progress → quoted → closed, and sent/in_progress → closed. */
export const OFFER_REQUEST_TRANSITIONS: Record<OfferRequestStatus, readonly OfferRequestStatus[]> = {
  sent: ['in_progress', 'closed'],
  in_progress: ['quoted', 'closed'],
  quoted: ['closed'],
  closed: [],
};

/**
 * One cart item as the web keeps it in session storage (SPEC §3): id, name (an XML-like translation string or
 * a translated text), symbol, images, amount (an integer, at least 1, no maximum). Only `id` and `amount` are
 * used: the server files each line with the catalogue's name, symbol and images of that part, never the
 * client's (the rest is accepted because SPEC's client sends the whole cart item).
 */
export const CartItemSchema = z.object({
  id: z.union([IdSchema, z.number().int().min(1).max(999_999_999_999_999).transform(String)]),
  name: translatedNameSchema(OFFER_REQUEST_LIMITS.name).optional(),
  symbol: z.string().max(OFFER_REQUEST_LIMITS.symbol).optional(),
  images: z.array(z.string().max(OFFER_REQUEST_LIMITS.imageUrl)).max(OFFER_REQUEST_LIMITS.images).optional(),
  // Within int4 (the column): one bound, so that a larger number is one field error, not two.
  amount: z.int().min(LIMITS.cartAmountMin).max(LIMITS.cartAmountMax),
});
export type CartItem = z.input<typeof CartItemSchema>;

/**
 * POST api/offer-requests/new-request: the same send with files (optional attachments, issue 5) as multipart —
 * this field holds the SendOfferRequest as JSON, the files come under UPLOAD_FILE_FIELD.
 */
export const OFFER_REQUEST_PAYLOAD_FIELD = 'payload';

/** POST api/parts/email. `clientId` (a uuid per send, reused on retry) files one offer request however often sent. */
export const SendOfferRequestSchema = z.object({
  items: z.array(CartItemSchema).min(1).max(OFFER_REQUEST_LIMITS.items),
  note: z
    .string()
    .trim()
    .max(OFFER_REQUEST_LIMITS.note, 'form.max-length')
    .optional()
    .transform((value) => value || undefined),
  clientId: z.uuid().optional(),
});
export type SendOfferRequest = z.input<typeof SendOfferRequestSchema>;

export const OfferRequestItemSchema = z.object({
  /** Null when the part was removed from the catalogue since. */
  partId: z.string().nullable(),
  symbol: z.string(),
  name: TranslatedTextSchema,
  amount: z.number().int().min(1),
  /** The part's images as the catalogue has them now (none once it is removed): 'request again' shows them. */
  images: z.array(z.string()),
});
export type OfferRequestItem = z.infer<typeof OfferRequestItemSchema>;

export const OfferRequestHistoryEntrySchema = z.object({
  fromStatus: z.enum(OFFER_REQUEST_STATUSES).nullable(),
  toStatus: z.enum(OFFER_REQUEST_STATUSES),
  changedAt: z.iso.datetime(),
});

/** One row of a list. Dates are ISO date-times. */
export const OfferRequestListItemSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(OFFER_REQUEST_STATUSES),
  createdAt: z.iso.datetime(),
  statusChangedAt: z.iso.datetime(),
  itemCount: z.number().int().min(0),
});
export type OfferRequestListItem = z.infer<typeof OfferRequestListItemSchema>;

export const OfferRequestDetailsSchema = OfferRequestListItemSchema.extend({
  note: z.string().nullable(),
  language: z.enum(LANGUAGES),
  items: z.array(OfferRequestItemSchema),
  history: z.array(OfferRequestHistoryEntrySchema),
  /** The customer's files sent with the cart, in the order sent. */
  attachments: z.array(FileMetadataSchema),
});
export type OfferRequestDetails = z.infer<typeof OfferRequestDetailsSchema>;

/** GET api/offer-requests/user-owned?page&pageSize&status — newest first. */
export const OfferRequestListQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField,
  status: codesFilterField(OFFER_REQUEST_STATUSES),
});

/**
 * GET api/staff/offer-requests?page&pageSize&status&sentFrom&sentTo — the sales inbox, newest first. The days are
 * days in Poland, both included (the insight dashboard's quoting figure links to the requests sent in its window).
 */
export const StaffOfferRequestListQuerySchema = OfferRequestListQuerySchema.extend({
  /** YYYY-MM-DD: sent on or after this day. */
  sentFrom: calendarDateSchema.optional(),
  /** YYYY-MM-DD: sent on or before this day. */
  sentTo: calendarDateSchema.optional(),
}).refine((q) => !q.sentFrom || !q.sentTo || q.sentFrom <= q.sentTo, { path: ['sentTo'] });

export const OfferRequestPageSchema = pagedSchema(OfferRequestListItemSchema);
export type OfferRequestPage = z.infer<typeof OfferRequestPageSchema>;

/** GET api/offer-requests/{id}/attachments/{fileId} and api/staff/offer-requests/{id}/attachments/{fileId}. */
export const OfferRequestAttachmentParamsSchema = z.object({ id: IdParam, fileId: z.uuid() });

/** The sales inbox row: the request and who sent it. */
export const StaffOfferRequestListItemSchema = OfferRequestListItemSchema.extend({
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export const StaffOfferRequestPageSchema = pagedSchema(StaffOfferRequestListItemSchema);
export type StaffOfferRequestPage = z.infer<typeof StaffOfferRequestPageSchema>;

/** GET api/staff/offer-requests/{id}: the request and how to reach the customer who sent it. */
export const StaffOfferRequestDetailsSchema = OfferRequestDetailsSchema.extend({
  customer: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
});
export type StaffOfferRequestDetails = z.infer<typeof StaffOfferRequestDetailsSchema>;

/** POST api/staff/offer-requests/{id}/status. */
export const OfferRequestStatusChangeSchema = z.object({ status: z.enum(OFFER_REQUEST_STATUSES) });
export type OfferRequestStatusChange = z.infer<typeof OfferRequestStatusChangeSchema>;

/** Sending the cart: a customer with the catalogue authority (SPEC §1: the signed-in catalogue needs it). */
const cartSender = { authority: AUTHORITIES.viewCatalog };
const offerStaff = { roles: OFFER_STAFF_ROLES };
const sent = {
  201: OfferRequestDetailsSchema.describe('The offer request filed, its e-mails queued'),
  200: OfferRequestDetailsSchema.describe('A retry (same clientId) of a send already filed'),
};

export const offerEndpoints = endpoints('offer requests', {
  send: {
    method: 'POST',
    path: '/api/parts/email',
    summary:
      'Send the whole cart as an offer request to parts sales (with a copy to the customer); idempotent by clientId',
    description: "SPEC §7's client sends the cart list alone: an array of cart items is taken as `items`.",
    access: cartSender,
    body: SendOfferRequestSchema,
    responses: sent,
    errors: [429],
  },
  sendWithFiles: {
    method: 'POST',
    path: '/api/offer-requests/new-request',
    summary:
      'The same send as api/parts/email with files: multipart, the cart as JSON in "payload", files under "files"',
    access: cartSender,
    multipart: {
      fields: z.object({
        [OFFER_REQUEST_PAYLOAD_FIELD]: z.string().describe('The cart as api/parts/email takes it, as JSON'),
      }),
      files: { name: UPLOAD_FILE_FIELD, description: 'The files sent with the cart (optional)' },
    },
    responses: sent,
    errors: UPLOAD_ERROR_STATUSES,
  },
  attachment: {
    method: 'GET',
    path: '/api/offer-requests/:id/attachments/:fileId',
    summary: 'Download a file of one of the customer’s own offer requests (always as a file)',
    access: 'signed-in',
    params: OfferRequestAttachmentParamsSchema,
    responses: { 200: 'file', 304: null },
  },
  staffAttachment: {
    method: 'GET',
    path: '/api/staff/offer-requests/:id/attachments/:fileId',
    summary: 'Download a file of any offer request (sales, admin)',
    access: offerStaff,
    params: OfferRequestAttachmentParamsSchema,
    responses: { 200: 'file', 304: null },
  },
  list: {
    method: 'GET',
    path: '/api/offer-requests/user-owned',
    summary: "The signed-in customer's offer requests, newest first, paged",
    access: 'signed-in',
    query: OfferRequestListQuerySchema,
    responses: { 200: OfferRequestPageSchema },
  },
  get: {
    method: 'GET',
    path: '/api/offer-requests/:id',
    summary: 'One of the customer’s own offer requests with its items and status history',
    description: "Another customer's offer request is a 404.",
    access: 'signed-in',
    params: IdParams,
    responses: { 200: OfferRequestDetailsSchema },
  },
  staffList: {
    method: 'GET',
    path: '/api/staff/offer-requests',
    summary:
      'The parts sales inbox: every offer request, newest first, paged, filtered by status and days sent',
    access: offerStaff,
    query: StaffOfferRequestListQuerySchema,
    responses: { 200: StaffOfferRequestPageSchema },
  },
  staffGet: {
    method: 'GET',
    path: '/api/staff/offer-requests/:id',
    summary: 'Any offer request with its customer, items and status history (sales, admin)',
    access: offerStaff,
    params: IdParams,
    responses: { 200: StaffOfferRequestDetailsSchema },
  },
  changeStatus: {
    method: 'POST',
    path: '/api/staff/offer-requests/:id/status',
    summary: 'Move an offer request along sent → in_progress → quoted → closed (or to closed early)',
    access: offerStaff,
    params: IdParams,
    body: OfferRequestStatusChangeSchema,
    responses: { 200: StaffOfferRequestDetailsSchema },
    errors: [409],
  },
});
