import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { codesFilterField, IdSchema, textFilterField } from './paging.ts';
import { calendarDateSchema } from './ranges.ts';

/**
 * The audit log (issue 15): every change made by staff and admins and every security-relevant customer action,
 * written in the transaction of the change. The kinds are a closed list so the admin screen can filter and
 * translate them; a new kind is added here first.
 */
export const AUDIT_KINDS = [
  // Service requests (staff).
  'service-request.status',
  'service-request.dates',
  'service-request.findings',
  // Intake and corrections (docs/decisions/064).
  'service-request.filed',
  'service-request.corrected',
  'service-request.duplicate',
  // Service requests (their customer): the confirmation and rating of a finished request.
  'service-request.rating',
  // Canned replies (service staff).
  'canned-reply.created',
  'canned-reply.updated',
  'canned-reply.removed',
  // Offer requests (parts sales).
  'offer-request.status',
  // Staff accounts (admin).
  'staff.created',
  'staff.role',
  'staff.disabled',
  'staff.enabled',
  'staff.sessions-ended',
  'staff.link-sent',
  // Customers (admin).
  'customer.reactivated',
  'customer.confirmation-sent',
  'machine.assigned',
  'machine.unassigned',
  // Machines from the ERP (admin screen or CLI).
  'machines.imported',
  'machine.updated',
  // Catalogue import (admin).
  'catalog.imported',
  // Security-relevant actions of any account.
  'auth.sign-in',
  'auth.sign-in-failed',
  'auth.password-changed',
  'auth.password-reset',
  'auth.deactivated',
  'auth.sessions-ended',
  'auth.passkey-added',
  'auth.passkey-removed',
  'auth.second-factor',
  'auth.recovery-codes',
  // Portal settings (admin).
  'settings.changed',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** What an entry is about; the admin screen links each to its page where there is one. */
export const AUDIT_SUBJECT_TYPES = [
  'user',
  'service-request',
  'offer-request',
  'canned-reply',
  'machine',
  'machine-import',
  'catalog-import',
  'settings',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/*
 * GET api/admin/audit (admins only): the log, newest first, filtered, in keyset pages.
 *   ?actorId=12           entries by one account          ?person=anna      a fragment of the actor's e-mail
 *   ?kind=a,b (or repeated kind=a&kind=b)                  ?from=2026-11-01&to=2026-11-30 (days in Poland, inclusive)
 *   ?subjectType=user&subjectId=12                         ?subject=SR/2026  a fragment of the subject's label
 *   ?cursor=<nextCursor of the page before>&limit=50
 * The log cannot be changed or deleted through any endpoint (and the table refuses UPDATE and DELETE).
 */

/** Entries per page: default and most. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;

export const AuditQuerySchema = z
  .object({
    actorId: IdSchema.optional(),
    person: textFilterField,
    kind: codesFilterField(AUDIT_KINDS),
    /** YYYY-MM-DD: on or after this day (in Poland). */
    from: calendarDateSchema.optional(),
    /** YYYY-MM-DD: on or before this day (in Poland). */
    to: calendarDateSchema.optional(),
    subjectType: z.enum(AUDIT_SUBJECT_TYPES).optional(),
    subjectId: z.string().trim().min(1).max(100).optional(),
    subject: textFilterField,
    /** The id of the last entry of the page before (the keyset is (at, id), newest first). */
    cursor: IdSchema.optional(),
    limit: z.coerce.number<number | string>().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'] })
  .refine((q) => q.subjectId === undefined || q.subjectType !== undefined, { path: ['subjectType'] });
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditLogEntrySchema = z.object({
  id: z.string(),
  /** ISO date-time. */
  at: z.iso.datetime({ offset: true }),
  /** Null for the system (the command line, jobs). */
  actorId: z.string().nullable(),
  actorLabel: z.string(),
  kind: z.enum(AUDIT_KINDS),
  subjectType: z.enum(AUDIT_SUBJECT_TYPES),
  subjectId: z.string(),
  subjectLabel: z.string(),
  /**
   * A person's account as it is now: a customer or staff (each has its own screen); null for other subjects and for
   * an account that no longer exists.
   */
  subjectAccount: z.enum(['customer', 'staff']).nullable(),
  /** The touched fields as they were and as they are now; null where the kind has none (a sign-in). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditLogEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** Read only: there is deliberately no endpoint that changes or deletes an entry (the table refuses both too). */
export const auditEndpoints = endpoints('audit', {
  list: {
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'The audit log, newest first: filters by person, kind, days, subject; keyset pages',
    access: { roles: ['admin'] },
    query: AuditQuerySchema,
    responses: { 200: AuditPageSchema },
  },
});
