import { z } from 'zod';
import { CHAT_LIMITS } from './chat.ts';
import { endpoints, IdParams } from './endpoint.ts';
import type { Language } from './locales.ts';
import { SERVICE_STAFF_ROLES } from './roles.ts';

/**
 * Canned replies (issue 18): reply texts the service department keeps together, each with a title and its text in
 * pl (required), en and de (optional: the Polish text stands in). Staff insert one into a chat reply in the
 * language of the request's customer. Only roles service and admin; anyone else signed in is FORBIDDEN.
 */

export const CANNED_REPLY_LIMITS = {
  titleMaxLength: 120,
  /** A reply is sent as a chat message: its text fits one. */
  textMaxLength: CHAT_LIMITS.bodyMaxLength,
  /** The department's shared list stays short enough to be read whole (the list is not paged). */
  maxReplies: 300,
} as const;

const title = z
  .string()
  .trim()
  .min(1, 'form.required')
  .max(CANNED_REPLY_LIMITS.titleMaxLength, 'form.max-length');
const requiredText = z
  .string()
  .trim()
  .min(1, 'form.required')
  .max(CANNED_REPLY_LIMITS.textMaxLength, 'form.max-length');
/** An optional translation: '' (or nothing) is none, and the Polish text stands in. */
const optionalText = z
  .string()
  .trim()
  .max(CANNED_REPLY_LIMITS.textMaxLength, 'form.max-length')
  .default('')
  .transform((value) => value || null);

export const CannedReplyTextsSchema = z.object({
  pl: z.string(),
  en: z.string().nullable(),
  de: z.string().nullable(),
});
export type CannedReplyTexts = z.infer<typeof CannedReplyTextsSchema>;

export const CannedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  texts: CannedReplyTextsSchema,
  updatedAt: z.iso.datetime(),
});
export type CannedReply = z.infer<typeof CannedReplySchema>;

export const CannedReplyListSchema = z.object({ replies: z.array(CannedReplySchema) });
export type CannedReplyList = z.infer<typeof CannedReplyListSchema>;

/**
 * POST api/staff/canned-replies and PUT api/staff/canned-replies/{id}: the whole reply, one field per text (the
 * staff screen's form is this schema).
 */
export const CannedReplyInputSchema = z.object({
  title,
  textPl: requiredText,
  textEn: optionalText,
  textDe: optionalText,
});
export type CannedReplyInput = z.input<typeof CannedReplyInputSchema>;

/** The text to insert for a customer of `language`: theirs if written, else the Polish one. */
export function cannedReplyText(texts: CannedReplyTexts, language: Language): string {
  return texts[language] ?? texts.pl;
}

const serviceStaff = { roles: SERVICE_STAFF_ROLES };

export const cannedReplyEndpoints = endpoints('canned-replies', {
  list: {
    method: 'GET',
    path: '/api/staff/canned-replies',
    summary: 'Every canned reply of the service department, by title',
    access: serviceStaff,
    responses: { 200: CannedReplyListSchema },
  },
  create: {
    method: 'POST',
    path: '/api/staff/canned-replies',
    summary: 'Add a canned reply (CONFLICT when the department already keeps the most it may)',
    access: serviceStaff,
    body: CannedReplyInputSchema,
    responses: { 201: CannedReplySchema },
    errors: [409],
  },
  update: {
    method: 'PUT',
    path: '/api/staff/canned-replies/:id',
    summary: 'Replace a canned reply’s title and texts',
    access: serviceStaff,
    params: IdParams,
    body: CannedReplyInputSchema,
    responses: { 200: CannedReplySchema },
  },
  remove: {
    method: 'DELETE',
    path: '/api/staff/canned-replies/:id',
    summary: 'Delete a canned reply',
    access: serviceStaff,
    params: IdParams,
    responses: { 204: null },
  },
});
