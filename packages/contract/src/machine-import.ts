import { z } from 'zod';
import { endpoints } from './endpoint.ts';

/*
 * Machines from the ERP (issue 15): one CSV export of serial numbers, models, dates, statuses, dealers and
 * optional owner e-mails. Format: docs/machine-import.md. The command line (`import-machines`) and the admin
 * screen share one engine; the file is streamed, never held whole (machineImportEndpoints below).
 */

/** The upload limit of the admin screen: 300,000 rows are about 25 MB. */
export const MACHINE_IMPORT_MAX_FILE_MB = 100;
/** How many bad rows an answer (and the history) lists; problemCount has them all. */
export const MACHINE_IMPORT_MAX_PROBLEMS = 1000;
export const MACHINE_IMPORT_HISTORY_SIZE = 20;

export const MAX_SERIAL_NUMBER = 64;
export const MAX_MODEL_NAME = 200;
export const MAX_DEALER = 200;
export const MAX_EMAIL = 254;

/** The columns in their usual order; the header row names them (in any order). */
export const MACHINE_IMPORT_COLUMNS = [
  'serial_number',
  'model_name',
  'purchase_date',
  'guarantee_end_date',
  'status',
  'dealer',
  'owner_email',
] as const;
export type MachineImportColumn = (typeof MACHINE_IMPORT_COLUMNS)[number];
export const MACHINE_IMPORT_REQUIRED_COLUMNS: readonly MachineImportColumn[] = [
  'serial_number',
  'model_name',
  'status',
];

/** Polish header names an ERP export may carry, accepted as the English ones. */
export const MACHINE_IMPORT_COLUMN_ALIASES: Record<string, MachineImportColumn> = {
  numer_seryjny: 'serial_number',
  nazwa_modelu: 'model_name',
  model: 'model_name',
  data_zakupu: 'purchase_date',
  koniec_gwarancji: 'guarantee_end_date',
  data_konca_gwarancji: 'guarantee_end_date',
  kod_statusu: 'status',
  email_wlasciciela: 'owner_email',
};

export const MACHINE_IMPORT_PROBLEM_CODES = [
  /** The file has no header row (or nothing at all). */
  'empty-file',
  /** A required column is missing from the header (`value`: its name). */
  'missing-column',
  /** A header name that is none of the columns (`value`: the name). */
  'unknown-column',
  /** The same column twice in the header. */
  'duplicate-column',
  /** The CSV cannot be read from this line on (an unclosed quote…). */
  'malformed-csv',
  /** A row with more or fewer cells than the header. */
  'column-count',
  'required',
  'too-long',
  /** Not a date in yyyy-mm-dd or dd.mm.yyyy, or no such day. */
  'bad-date',
  'guarantee-before-purchase',
  'unknown-status',
  'bad-email',
  /** The serial number appeared on an earlier line (`value`: that line). */
  'duplicate-serial',
  /** No active customer account has this e-mail. */
  'unknown-owner',
  /** The machine already belongs to another customer: the file cannot move it. */
  'owner-conflict',
] as const;

export const MachineImportProblemSchema = z.object({
  /** The file's line (1 is the header). */
  line: z.number().int().min(1),
  column: z.enum(MACHINE_IMPORT_COLUMNS).nullable(),
  code: z.enum(MACHINE_IMPORT_PROBLEM_CODES),
  /** The offending value (cut to 100 characters) or what the code names (a limit, a line). */
  value: z.string().nullable(),
});
export type MachineImportProblem = z.infer<typeof MachineImportProblemSchema>;

export const MachineImportSummarySchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** Machines given to their owner by the file's owner e-mail. */
  assigned: z.number().int(),
  /** Owners e-mailed about a status change (their setting allowed it). */
  notified: z.number().int(),
});
export type MachineImportSummary = z.infer<typeof MachineImportSummarySchema>;

export const MACHINE_IMPORT_STATUSES = ['running', 'imported', 'checked', 'invalid', 'failed'] as const;

export const MachineImportSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Who ran it; null for the command line. */
  userName: z.string().nullable(),
  fileName: z.string(),
  dryRun: z.boolean(),
  status: z.enum(MACHINE_IMPORT_STATUSES),
  /** Data rows read so far (the progress of a running import). */
  rowsRead: z.number().int(),
  summary: MachineImportSummarySchema.nullable(),
  problemCount: z.number().int(),
  /** The first MACHINE_IMPORT_MAX_PROBLEMS problems, by line. */
  problems: z.array(MachineImportProblemSchema),
});
export type MachineImport = z.infer<typeof MachineImportSchema>;

export const MachineImportHistorySchema = z.array(MachineImportSchema.omit({ problems: true }));
export type MachineImportHistory = z.infer<typeof MachineImportHistorySchema>;

export const MachineImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false']).default('false'),
});

export const MachineImportFailureSchema = z.object({
  code: z.literal('MACHINE_IMPORT_INVALID'),
  message: z.string(),
  import: MachineImportSchema,
});
export type MachineImportFailure = z.infer<typeof MachineImportFailureSchema>;

const adminOnly = { roles: ['admin'] } as const;

export const machineImportEndpoints = endpoints('machine-import', {
  import: {
    method: 'POST',
    path: '/api/admin/machine-imports',
    summary: 'Import (or with dryRun only check) a machines CSV from the ERP, streamed in field `file`',
    description: `A file with bad rows is a 422 that lists them (the first ${MACHINE_IMPORT_MAX_PROBLEMS}); nothing is written.`,
    access: adminOnly,
    query: MachineImportQuerySchema,
    multipart: {
      fields: z.object({}),
      files: {
        name: 'file',
        description: `One CSV file (docs/machine-import.md), at most ${MACHINE_IMPORT_MAX_FILE_MB} MB`,
      },
    },
    responses: { 200: MachineImportSchema },
    errorBodies: { 422: MachineImportFailureSchema },
    errors: [413, 415, 429],
  },
  history: {
    method: 'GET',
    path: '/api/admin/machine-imports',
    summary: 'The most recent machine imports; a running one with its rows read so far',
    access: adminOnly,
    responses: { 200: MachineImportHistorySchema },
  },
});
