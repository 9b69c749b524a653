/**
 * The set-based half of a machine import: the staged rows (machine_import_rows of one import) checked against
 * accounts and machines, counted, and applied with one UPDATE … FROM and one INSERT … SELECT. Statements, not
 * a loop over rows, so 300,000 rows take seconds (docs/perf.md).
 */
import { paths } from '@care/contract/pages';
import type { AuditFieldOf } from '@care/contract/audit-fields';
import type { MachineImportProblem, MachineImportSummary } from '@care/contract/machine-import';
import { MACHINE_IMPORT_MAX_PROBLEMS } from '@care/contract/machine-import';
import type { Language } from '@care/contract/locales';
import type { MachineStatus } from '@care/contract/statuses';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { auditLog } from '#app/db/schema/audit.ts';
import { machineImportRows } from '#app/db/schema/machine-imports.ts';
import { machines } from '#app/db/schema/machines.ts';
import { users } from '#app/db/schema/users.ts';
import type { AuditActor } from '#app/audit/audit.ts';
import { notificationOn } from '#app/features/user/notification-settings.ts';
import { enqueueMail } from '#app/mail/outbox.ts';
import { mailTemplates } from '#app/mail/templates.ts';

export interface MailLinks {
  brand: string;
  publicUrl: string;
  basePath: string;
}

/** The staged rows of the import (alias s) with their machine, if it exists (alias m). */
const staged = (importId: number) => sql`${machineImportRows} s
  LEFT JOIN ${machines} m ON m.serial_number = s.serial_number
  WHERE s.import_id = ${importId}`;

/** The fields the file sets: [audit key, machine column, staged column]. */
const FIELDS: [AuditFieldOf<'machine.updated'>, SQL, SQL][] = [
  ['name', sql`m.name`, sql`s.name`],
  ['purchaseDate', sql`m.purchase_date`, sql`s.purchase_date`],
  ['guaranteeEndDate', sql`m.guarantee_end_date`, sql`s.guarantee_end_date`],
  ['status', sql`m.status`, sql`s.status`],
  ['dealer', sql`m.dealer`, sql`s.dealer`],
];
/** The file only ever gives an unowned machine its owner (an owned one is refused, or left as it is). */
const ASSIGNS = sql`(s.owner_id IS NOT NULL AND m.owner_id IS NULL)`;
const CHANGED = sql`(${sql.join(
  FIELDS.map(([, machine, row]) => sql`${machine} IS DISTINCT FROM ${row}`),
  sql` OR `,
)} OR ${ASSIGNS})`;
const STATUS_CHANGED = sql`(m.owner_id IS NOT NULL AND m.status IS DISTINCT FROM s.status)`;

/** The changed fields only, as they were (`side` m) or will be (`side` s). */
function touched(side: 'before' | 'after'): SQL {
  const parts = FIELDS.map(
    ([key, machine, row]) =>
      sql`CASE WHEN ${machine} IS DISTINCT FROM ${row} THEN jsonb_build_object(${key}::text, ${side === 'before' ? machine : row}) ELSE '{}'::jsonb END`,
  );
  parts.push(
    // The owner by e-mail, as machine.assigned names them (an id would mean nothing to the log's reader).
    sql`CASE WHEN ${ASSIGNS} THEN jsonb_build_object('owner', ${side === 'before' ? sql`NULL::text` : sql`s.owner_email`}) ELSE '{}'::jsonb END`,
  );
  return sql.join(parts, sql` || `);
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Resolves owner e-mails to active customers; answers the rows whose owner is unknown or conflicts. */
export async function checkOwners(
  db: Db,
  importId: number,
): Promise<{ problems: MachineImportProblem[]; count: number }> {
  // Fresh statistics of the rows just staged: without them the planner takes the staging table for empty
  // and joins it by nested loops (measured: 20 s instead of a fraction of one at 30,000 rows).
  await db.execute(sql`ANALYZE ${machineImportRows}`);
  await db.execute(sql`
    UPDATE ${machineImportRows} s SET owner_id = (
      SELECT u.id FROM ${users} u WHERE u.email = s.owner_email AND u.role = 'customer' AND u.status = 'active')
    WHERE s.import_id = ${importId} AND s.owner_email IS NOT NULL`);
  const bad = sql`s.owner_email IS NOT NULL AND (s.owner_id IS NULL OR m.owner_id <> s.owner_id)`;
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM ${staged(importId)} AND ${bad}`),
  ) as [{ n: number }];
  if (n === 0) return { problems: [], count: 0 };
  const rows = rowsOf<{ line: number; owner_email: string; unknown: boolean }>(
    await db.execute(sql`
      SELECT s.line, s.owner_email, s.owner_id IS NULL AS unknown FROM ${staged(importId)} AND ${bad}
      ORDER BY s.line LIMIT ${MACHINE_IMPORT_MAX_PROBLEMS}`),
  );
  const problems = rows.map((row): MachineImportProblem => ({
    line: row.line,
    column: 'owner_email',
    code: row.unknown ? 'unknown-owner' : 'owner-conflict',
    value: row.owner_email.slice(0, 100),
  }));
  return { problems, count: n };
}

/** What applying the staged rows does (or would do, for a check). */
export async function countChanges(db: Db, importId: number): Promise<MachineImportSummary> {
  const [row] = rowsOf<Record<keyof MachineImportSummary, number>>(
    await db.execute(sql`
      SELECT count(*)::int AS rows,
        count(*) FILTER (WHERE m.id IS NULL)::int AS created,
        count(*) FILTER (WHERE m.id IS NOT NULL AND ${CHANGED})::int AS changed,
        count(*) FILTER (WHERE m.id IS NOT NULL AND NOT ${CHANGED})::int AS unchanged,
        count(*) FILTER (WHERE s.owner_id IS NOT NULL AND m.owner_id IS NULL)::int AS assigned,
        count(*) FILTER (WHERE ${STATUS_CHANGED} AND EXISTS (
          SELECT 1 FROM ${users} u WHERE u.id = m.owner_id AND u.status = 'active'
            AND ${notificationOn(sql`u.id`, 'notifications.state-change')}))::int AS notified
      FROM ${staged(importId)}`),
  );
  return row!;
}

interface Notice {
  machine_id: number | string;
  serial_number: string;
  name: string;
  status: MachineStatus;
  email: string;
  first_name: string;
  language: Language;
}

/**
 * Applies the staged rows inside the caller's transaction: the audit entries (before → after of the fields
 * touched, from the rows as they still are), the owners' e-mails, then the update and the insert.
 */
export async function applyChanges(
  tx: Db,
  importId: number,
  actor: AuditActor,
  links: MailLinks,
  ip: string | null,
): Promise<void> {
  // One statement for every changed machine: recordAudits' multi-row VALUES would pass 65,535 parameters
  // at a few thousand rows, and this needs none per row.
  await tx.execute(sql`
    INSERT INTO ${auditLog} (actor_id, actor_label, kind, subject_type, subject_id, subject_label, before, after, ip)
    SELECT ${actor.id}::bigint, ${actor.email}, 'machine.updated', 'machine', m.id::text, m.serial_number,
      ${touched('before')}, ${touched('after')}, ${ip}::inet
    FROM ${staged(importId)} AND m.id IS NOT NULL AND ${CHANGED}`);
  const notices = rowsOf<Notice>(
    await tx.execute(sql`
      SELECT m.id AS machine_id, m.serial_number, s.name, s.status, u.email, u.first_name, u.language
      FROM ${machineImportRows} s
      JOIN ${machines} m ON m.serial_number = s.serial_number
      JOIN ${users} u ON u.id = m.owner_id
      WHERE s.import_id = ${importId} AND ${STATUS_CHANGED} AND u.status = 'active'
        AND ${notificationOn(sql`u.id`, 'notifications.state-change')}`),
  );
  for (const notice of notices) {
    const mail = mailTemplates.machineStatusChanged(notice.language, {
      name: notice.first_name,
      brand: links.brand,
      url: `${links.publicUrl}${links.basePath}${paths.machine(notice.machine_id)}`,
      machineName: notice.name,
      serialNumber: notice.serial_number,
      status: notice.status,
    });
    await enqueueMail(tx, { to: notice.email, ...mail, kind: 'machine-status', language: notice.language });
  }
  await tx.execute(sql`
    UPDATE ${machines} m SET name = s.name, purchase_date = s.purchase_date,
      guarantee_end_date = s.guarantee_end_date, status = s.status, dealer = s.dealer,
      owner_id = coalesce(m.owner_id, s.owner_id),
      owned_since = CASE WHEN ${ASSIGNS} THEN now() ELSE m.owned_since END,
      imported_at = now(), updated_at = now()
    FROM ${machineImportRows} s
    WHERE s.import_id = ${importId} AND m.serial_number = s.serial_number AND ${CHANGED}`);
  await tx.execute(sql`
    INSERT INTO ${machines} (serial_number, name, purchase_date, guarantee_end_date, status, dealer,
      owner_id, owned_since, imported_at)
    SELECT s.serial_number, s.name, s.purchase_date, s.guarantee_end_date, s.status, s.dealer,
      s.owner_id, CASE WHEN s.owner_id IS NOT NULL THEN now() END, now()
    FROM ${machineImportRows} s
    WHERE s.import_id = ${importId}
      AND NOT EXISTS (SELECT 1 FROM ${machines} m WHERE m.serial_number = s.serial_number)
    ON CONFLICT (serial_number) DO NOTHING`);
}
