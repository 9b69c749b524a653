import { AUDIT_KINDS, AUDIT_SUBJECT_TYPES } from '@care/contract/audit';
import { index, inet, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintRef, checkIn, id, timestamptz } from './columns.ts';

/**
 * The audit log: who, when, what, before → after. Append-only: a trigger (migration 0012) refuses UPDATE and
 * DELETE, and no endpoint writes it except through `recordAudit` in the transaction of the change.
 * `actor_id` has no foreign key on purpose: an entry outlives the account that made it (and a key would make
 * deleting a user UPDATE the log); `actor_label` keeps the e-mail as it was. `kind` has no CHECK: the list is
 * the contract's AUDIT_KINDS (typed here), and a release that adds a kind must not need a migration to log it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamptz('at').notNull().defaultNow(),
    /** The account that acted; null for the system (ERP import from the command line, jobs). */
    actorId: bigintRef('actor_id'),
    /** The actor's e-mail at the time, or "cli" / "system". */
    actorLabel: text('actor_label').notNull(),
    kind: text('kind', { enum: AUDIT_KINDS }).notNull(),
    subjectType: text('subject_type', { enum: AUDIT_SUBJECT_TYPES }).notNull(),
    subjectId: text('subject_id').notNull(),
    /** What a reader recognises the subject by (a request code, an e-mail, a serial number). */
    subjectLabel: text('subject_label').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** Why, where the screen asks (machine assignment, reactivation). */
    reason: text('reason'),
    ip: inet('ip'),
  },
  (t) => [
    // The admin screen, newest first, and its filters (each with the time order).
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_at_idx').on(t.actorId, t.at, t.id),
    index('audit_log_kind_at_idx').on(t.kind, t.at, t.id),
    index('audit_log_subject_at_idx').on(t.subjectType, t.subjectId, t.at, t.id),
    checkIn('audit_log_subject_type_check', t.subjectType, AUDIT_SUBJECT_TYPES),
  ],
);
