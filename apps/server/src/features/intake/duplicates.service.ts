import type { DuplicateCandidate, MarkDuplicateSchema } from '@care/contract/intake';
import { FINAL_SERVICE_REQUEST_STATUSES, isFinalStatus } from '@care/contract/service-requests';
import { canTransition } from '@care/contract/statuses';
import { and, desc, eq, inArray, ne, not, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { machines } from '#app/db/schema/machines.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { publishEvent, requestAudience } from '#app/events/event-bus.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { AppError, fieldError, notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import {
  applyStatusChange,
  findTarget,
  type StatusChanged,
} from '#app/features/service-requests/status-change.service.ts';

type MarkDuplicate = z.output<typeof MarkDuplicateSchema>;

/** How many candidates the duplicate picker lists (a customer has a handful of open requests). */
const CANDIDATE_LIMIT = 50;

/**
 * GET api/staff/service-requests/{id}/duplicate-candidates: the same customer's other open requests, newest first
 * (what the request may duplicate; the server checks the chosen one again).
 */
export async function listDuplicateCandidates(db: Db, id: number): Promise<DuplicateCandidate[]> {
  const [request] = await db
    .select({ customerId: serviceRequests.customerId })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id));
  if (!request) throw notFound();
  const rows = await db
    .select({
      id: serviceRequests.id,
      code: serviceRequests.code,
      status: serviceRequests.status,
      reportDate: serviceRequests.reportDate,
      machineName: machines.name,
      machineSerialNumber: machines.serialNumber,
    })
    .from(serviceRequests)
    .innerJoin(machines, eq(machines.id, serviceRequests.machineId))
    .where(
      and(
        eq(serviceRequests.customerId, request.customerId),
        ne(serviceRequests.id, id),
        not(inArray(serviceRequests.status, [...FINAL_SERVICE_REQUEST_STATUSES])),
      ),
    )
    .orderBy(desc(serviceRequests.reportDate), desc(serviceRequests.id))
    .limit(CANDIDATE_LIMIT);
  return rows.map((row) => ({ ...row, id: String(row.id), reportDate: row.reportDate.toISOString() }));
}

/**
 * POST api/staff/service-requests/{id}/duplicate (docs/decisions/064): closes the request as a duplicate of the
 * same customer's open request `originalCode`. It is a status change to X through the one status path
 * (applyStatusChange: compare-and-set, history with the staff's note, audit, event, the customer's e-mail naming
 * the original), plus the link, its own audit entry and an event for the original's pages ("has duplicate").
 * Refused: a status that cannot go to X (INVALID_STATUS_TRANSITION), an unknown code (field error), itself,
 * another customer's request, a closed original (a duplicate is closed too), and a request others duplicate.
 */
export async function markDuplicate(
  db: Db,
  env: Env,
  actor: Actor,
  id: number,
  input: MarkDuplicate,
  ip?: string,
): Promise<StatusChanged> {
  return db.transaction(async (tx) => {
    const target = await findTarget(tx, id);
    if (!canTransition(target.status, 'X')) throw new AppError('INVALID_STATUS_TRANSITION');
    const [original] = await tx
      .select({
        id: serviceRequests.id,
        code: serviceRequests.code,
        status: serviceRequests.status,
        customerId: serviceRequests.customerId,
      })
      .from(serviceRequests)
      .where(eq(serviceRequests.code, input.originalCode.toUpperCase()))
      .for('update');
    if (!original) throw fieldError('originalCode', 'validation.invalid_value');
    if (original.id === target.id) throw new AppError('DUPLICATE_OF_ITSELF');
    if (original.customerId !== target.customerId) throw new AppError('DUPLICATE_OF_OTHER_CUSTOMER');
    if (isFinalStatus(original.status)) throw new AppError('DUPLICATE_ORIGINAL_CLOSED');
    const [duplicated] = await tx
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(eq(serviceRequests.duplicateOf, target.id))
      .limit(1);
    if (duplicated) throw new AppError('DUPLICATE_HAS_DUPLICATES');

    const changed = await applyStatusChange(
      tx,
      env,
      actor,
      target,
      {
        status: 'X',
        fromStatus: target.status,
        note: input.note,
        withdrawn: false,
        duplicateOf: original.code,
      },
      ip,
    );
    await tx
      .update(serviceRequests)
      .set({ duplicateOf: original.id, updatedAt: sql`now()` })
      .where(eq(serviceRequests.id, target.id));
    await recordAudit(tx, actor, {
      kind: 'service-request.duplicate',
      subject: { type: 'service-request', id: target.id, label: target.code },
      before: { duplicateOf: null },
      after: { duplicateOf: original.code },
      reason: input.note ?? null,
      ip,
    });
    await publishEvent(
      tx,
      {
        type: 'service-request-status',
        data: { serviceRequestId: String(original.id), status: original.status },
      },
      requestAudience(original.customerId),
    );
    return changed;
  });
}
