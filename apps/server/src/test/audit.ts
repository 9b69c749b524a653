import { undeclaredAuditContent } from '@care/contract/audit-fields';
import { asc } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { auditLog } from '#app/db/schema/audit.ts';

/**
 * Every audit entry of a test file's database that holds a field, value or refusal reason the contract does not
 * declare (AUDIT_FIELDS), which the admin screen would show raw. A test file that makes audited changes ends
 * with `expect(await undeclaredAuditEntries(db)).toEqual([])`: together they cover what every audited action
 * writes, through the real services (the machine import's entries are written in SQL, not by recordAudit).
 */
export async function undeclaredAuditEntries(db: Db): Promise<string[]> {
  const rows = await db.select().from(auditLog).orderBy(asc(auditLog.id));
  // A check of no entries would pass for the wrong reason (the file's changes were not audited at all).
  if (rows.length === 0) return ['no audit entries to check: the test file made no audited change'];
  return rows.flatMap((row) =>
    undeclaredAuditContent(row).map((problem) => `${row.kind} #${row.id}: ${problem}`),
  );
}
