import { z } from 'zod';
import { endpoints, IdParam } from './endpoint.ts';
import { UPLOAD_ERROR_STATUSES, UPLOAD_FILE_FIELD } from './files.ts';

/**
 * The chat of a service request (SPEC §7 api/chat/*). A customer reads and writes only in their own requests
 * (another customer's or an unknown request is NOT_FOUND); service staff and admins in any. Messages are
 * ordered by id; ids are decimal strings like every id of the API.
 */

export const CHAT_LIMITS = {
  bodyMaxLength: 4000,
  pageSizeDefault: 50,
  pageSizeMax: 100,
} as const;

/**
 * Who wrote a message, as the reader sees it. `null` for a message the system wrote or whose author's account
 * is gone. Staff appear with their name; `isStaff` lets the screen show them as the service department.
 */
export const ChatAuthorSchema = z.object({
  displayName: z.string(),
  isStaff: z.boolean(),
  /** Written by the signed-in reader (the composer's side of the conversation). */
  isMe: z.boolean(),
});
export type ChatAuthor = z.infer<typeof ChatAuthorSchema>;

/** A file sent in the chat; download it from GET api/chat/files/{id}. */
export const ChatFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Detected from the file's bytes, not taken from the upload. */
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
});
export type ChatFile = z.infer<typeof ChatFileSchema>;

/** One message as returned: a text (`body`), a file, or both. */
export const ChatMessageSchema = z.object({
  id: z.string(),
  serviceRequestId: z.string(),
  author: ChatAuthorSchema.nullable(),
  body: z.string().nullable(),
  file: ChatFileSchema.nullable(),
  /** The id the sender's client gave the message (POST api/chat/comment), to match a pending send; else null. */
  clientId: z.string().nullable(),
  /**
   * An internal note of the service department (issue 18): shown to service staff and admins only. The customer
   * never receives one, in no answer, event, count or e-mail; their messages always read false.
   */
  internal: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Typed input (not zod's `unknown` for coerce), so a client can build the query from the input type. */
const limitField = z.coerce
  .number<number | string>()
  .int()
  .min(1)
  .max(CHAT_LIMITS.pageSizeMax)
  .default(CHAT_LIMITS.pageSizeDefault);

/**
 * GET api/chat/comments?serviceRequestId=&before=&after=&limit= (keyset paging by message id).
 * - neither `before` nor `after`: the newest page (the last `limit` messages);
 * - `before`: the `limit` messages just older than that id (scrolling back);
 * - `after`: the `limit` messages just newer than that id (catching up after a `chat-message` event).
 * Not both at once.
 */
export const ChatCommentsQuerySchema = z
  .object({
    serviceRequestId: IdParam,
    before: IdParam.optional(),
    after: IdParam.optional(),
    limit: limitField,
  })
  .refine((query) => query.before === undefined || query.after === undefined, { path: ['after'] });
export type ChatCommentsQuery = z.input<typeof ChatCommentsQuerySchema>;

/**
 * A page of messages, always oldest first within the page. `hasMore`: more messages exist beyond the page in
 * the direction of paging (older ones for the newest page and for `before`, newer ones for `after`).
 */
export const ChatCommentsPageSchema = z.object({
  messages: z.array(ChatMessageSchema),
  hasMore: z.boolean(),
});
export type ChatCommentsPage = z.infer<typeof ChatCommentsPageSchema>;

/**
 * POST api/chat/comment: a text message. `clientId` is a uuid the client makes once per message and sends
 * again on every retry: a retried send answers the stored message (200) instead of storing it twice (201).
 * The same clientId with a different request, text or `internal` is CONFLICT. `internal: true` writes an
 * internal note (service staff and admins only: anyone else is FORBIDDEN); notes are text only, so a file sent
 * in the chat is always the customer's to see.
 */
export const ChatCommentCreateSchema = z.object({
  serviceRequestId: IdParam,
  body: z.string().trim().min(1, 'form.required').max(CHAT_LIMITS.bodyMaxLength, 'form.max-length'),
  clientId: z.uuid(),
  internal: z.boolean().default(false),
});
export type ChatCommentCreate = z.input<typeof ChatCommentCreateSchema>;

/** GET api/chat/comments/unread: messages by someone else after the reader's read marker. */
export const ChatUnreadSchema = z.object({
  total: z.number().int().nonnegative(),
  /** Only requests with at least one unread message. */
  requests: z.array(
    z.object({
      serviceRequestId: z.string(),
      count: z.number().int().positive(),
    }),
  ),
});
export type ChatUnread = z.infer<typeof ChatUnreadSchema>;

/**
 * PUT api/chat/comments/read: the reader has seen the chat up to this message. The marker only moves forward
 * and never past the request's newest message; answers the reader's new unread summary.
 */
export const ChatReadSchema = z.object({
  serviceRequestId: IdParam,
  lastReadMessageId: IdParam,
});
export type ChatRead = z.input<typeof ChatReadSchema>;

/**
 * POST api/chat/files (multipart/form-data): fields `serviceRequestId` and optionally `clientId` (as for a
 * comment: a retry answers the stored message with 200), then exactly one file in the `files` part
 * (UPLOAD_FILE_FIELD of files.ts). Answers the new ChatMessage (201). The limits and errors are those of every
 * upload (FILE_TOO_LARGE, FILE_TYPE_NOT_ALLOWED, FILE_EMPTY, TOO_MANY_FILES for a second file; FILES_REQUIRED
 * for none).
 */
export const ChatFileUploadFieldsSchema = z.object({
  serviceRequestId: IdParam,
  clientId: z.uuid().optional(),
});

/** GET api/chat/files?serviceRequestId=&before=&limit=: the chat's files, newest first (keyset by message id). */
export const ChatFilesQuerySchema = z.object({
  serviceRequestId: IdParam,
  before: IdParam.optional(),
  limit: limitField,
});

export const ChatFileEntrySchema = ChatFileSchema.extend({
  /** The message that carries the file (use it as `before` for the next page). */
  messageId: z.string(),
  author: ChatAuthorSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type ChatFileEntry = z.infer<typeof ChatFileEntrySchema>;

export const ChatFilesPageSchema = z.object({
  files: z.array(ChatFileEntrySchema),
  hasMore: z.boolean(),
});
export type ChatFilesPage = z.infer<typeof ChatFilesPageSchema>;

/** GET api/chat/files/{fileId}: the file as an attachment download. */
export const ChatFileParamsSchema = z.object({ fileId: z.uuid() });

/** New messages reach open pages as `chat-message` events (api/events). */
export const chatEndpoints = endpoints('chat', {
  listComments: {
    method: 'GET',
    path: '/api/chat/comments',
    summary: 'A page of a request’s chat (newest page, or before/after a message id), oldest first',
    access: 'signed-in',
    query: ChatCommentsQuerySchema,
    responses: { 200: ChatCommentsPageSchema },
    /** No such request, or not the caller's. */
    errors: [404],
  },
  postComment: {
    method: 'POST',
    path: '/api/chat/comment',
    summary:
      'Send a text message or (staff) an internal note; a retry with the same clientId answers the stored message',
    access: 'signed-in',
    body: ChatCommentCreateSchema,
    responses: { 200: ChatMessageSchema, 201: ChatMessageSchema },
    errors: [404, 409, 429],
  },
  unread: {
    method: 'GET',
    path: '/api/chat/comments/unread',
    summary: 'Unread messages of the signed-in user: the total and per request',
    access: 'signed-in',
    responses: { 200: ChatUnreadSchema },
  },
  markRead: {
    method: 'PUT',
    path: '/api/chat/comments/read',
    summary: 'Mark a request’s chat read up to a message; answers the new unread summary',
    access: 'signed-in',
    body: ChatReadSchema,
    responses: { 200: ChatUnreadSchema },
    errors: [404],
  },
  postFile: {
    method: 'POST',
    path: '/api/chat/files',
    summary:
      'Send a file as a chat message: multipart with serviceRequestId, optional clientId, one file under "files"',
    access: 'signed-in',
    multipart: {
      fields: ChatFileUploadFieldsSchema,
      files: { name: UPLOAD_FILE_FIELD, description: 'Exactly one file' },
    },
    responses: { 200: ChatMessageSchema, 201: ChatMessageSchema },
    errors: [404, ...UPLOAD_ERROR_STATUSES],
  },
  listFiles: {
    method: 'GET',
    path: '/api/chat/files',
    summary: 'The files of a request’s chat, newest first',
    access: 'signed-in',
    query: ChatFilesQuerySchema,
    responses: { 200: ChatFilesPageSchema },
    errors: [404],
  },
  file: {
    method: 'GET',
    path: '/api/chat/files/:fileId',
    summary: 'Download a chat file (always as a file, never shown inline)',
    access: 'signed-in',
    params: ChatFileParamsSchema,
    responses: { 200: 'file', 304: null },
  },
});
