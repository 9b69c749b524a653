import { date, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, checkIn, id, timestamptz } from './columns.ts';
import { machines } from './machines.ts';
import { users } from './users.ts';

export const JOB_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];

/**
 * One row per scheduled run, e.g. run_key 'guarantee-reminder:2026-11-20'. Inserting the key first
 * (ON CONFLICT DO NOTHING) decides which instance runs it, so a daily job runs once however many
 * instances wake up.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: id(),
    jobName: text('job_name').notNull(),
    runKey: text('run_key').notNull(),
    status: text('status', { enum: JOB_RUN_STATUSES }).notNull().default('running'),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    /** Counters and notes of the run, e.g. { remindersSent: 12 }. */
    result: jsonb('result'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('job_runs_run_key_key').on(t.runKey),
    index('job_runs_job_name_started_at_idx').on(t.jobName, t.startedAt),
    checkIn('job_runs_status_check', t.status, JOB_RUN_STATUSES),
  ],
);

/**
 * Guarantee-end reminders already sent: one per machine, guarantee end date and kind (e.g. '30d' before the
 * end), so a re-run, a second instance or a changed end date never sends the same reminder twice.
 */
export const guaranteeRemindersSent = pgTable(
  'guarantee_reminders_sent',
  {
    machineId: bigintRef('machine_id')
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    guaranteeEndDate: date('guarantee_end_date', { mode: 'string' }).notNull(),
    kind: text('kind').notNull().default('30d'),
    userId: bigintRef('user_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'guarantee_reminders_sent_pkey',
      columns: [t.machineId, t.guaranteeEndDate, t.kind],
    }),
  ],
);
