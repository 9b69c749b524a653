import type { AuditKind, AuditSubjectType } from '@care/contract/audit';
import type { AuditFieldOf } from '@care/contract/audit-fields';
import type { Db } from '#app/db/client.ts';
import { auditLog } from '#app/db/schema/audit.ts';

/** Who made a change: a signed-in account (its id and e-mail), or the system ("cli", "system"). */
export type AuditActor = { id: number; email: string } | { id: null; email: 'cli' | 'system' };

/** Only the fields the contract declares for the kind (AUDIT_FIELDS): the admin screen labels each. */
type AuditFields<K extends AuditKind> = [AuditFieldOf<K>] extends [never]
  ? never
  : Partial<Record<AuditFieldOf<K>, unknown>>;

interface AuditEntryOf<K extends AuditKind> {
  kind: K;
  subject: { type: AuditSubjectType; id: string | number; label?: string };
  /** The fields the change touched as they were, and as they are now (only those fields). */
  before?: AuditFields<K> | null;
  after?: AuditFields<K> | null;
  reason?: string | null;
  /** The client's address (Fastify's `request.ip`, proxy-aware per TRUST_PROXY). */
  ip?: string | null;
}

export type AuditEntry = { [K in AuditKind]: AuditEntryOf<K> }[AuditKind];
/** What changed, without whom and where: an entry's kind with its before and after. */
export type AuditChange = { [K in AuditKind]: Pick<AuditEntryOf<K>, 'kind' | 'before' | 'after'> }[AuditKind];

/**
 * Writes one audit entry. Call it with the transaction of the change it records, so the entry and the change
 * commit or roll back together; never in a separate transaction after the fact.
 */
export async function recordAudit(tx: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, actor, [entry]);
}

/** Several entries of one change (an import's machines) in one statement. */
export async function recordAudits(tx: Db, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: actor.id,
      actorLabel: actor.email,
      kind: entry.kind,
      subjectType: entry.subject.type,
      subjectId: String(entry.subject.id),
      subjectLabel: entry.subject.label ?? '',
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason ?? null,
      ip: entry.ip ?? null,
    })),
  );
}
