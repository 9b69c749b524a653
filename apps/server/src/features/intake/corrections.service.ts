import type { CorrectionField, RequestCorrectionSchema } from '@care/contract/intake';
import { isFinalStatus } from '@care/contract/service-requests';
import type { TranslatedText } from '@care/contract/translations';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#app/db/client.ts';
import { machines } from '#app/db/schema/machines.ts';
import { serviceRequestCorrections } from '#app/db/schema/service-request-corrections.ts';
import {
  serviceRequestElements,
  serviceRequests,
  type ServiceRequestElementKind,
} from '#app/db/schema/service-requests.ts';
import { publishEvent, requestAudience } from '#app/events/event-bus.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { AppError, notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { choiceLabel } from '#app/features/service-requests/new-request.service.ts';

type RequestCorrection = z.output<typeof RequestCorrectionSchema>;

/** A label that is the same in every language: a machine's "name (serial)". */
const plainText = (text: string): TranslatedText => ({ default: 'pl', values: { pl: text } });

const machineLabel = (machine: { name: string; serialNumber: string }) =>
  `${machine.name} (${machine.serialNumber})`;

interface Change {
  field: CorrectionField;
  fromValue: string | null;
  toValue: string | null;
  fromLabel: TranslatedText | null;
  toLabel: TranslatedText | null;
}

/** The label a choice's code had, active or retired (a code without a row reads as itself). */
async function anyChoiceLabel(tx: Db, kind: ServiceRequestElementKind, code: string | null) {
  if (code === null) return null;
  const [row] = await tx
    .select({ label: serviceRequestElements.label })
    .from(serviceRequestElements)
    .where(and(eq(serviceRequestElements.kind, kind), eq(serviceRequestElements.code, code)));
  return row?.label ?? plainText(code);
}

const CHOICES = [
  { field: 'transportType', kind: 'transport_type' },
  { field: 'deliveryPlace', kind: 'delivery_place' },
] as const;

/**
 * POST api/staff/service-requests/{id}/corrections (docs/decisions/064): the machine (another of the same
 * customer's; anyone else's NOT_FOUND), the transport type or the delivery place (an active choice, or none), with
 * a reason. Allowed until the request is final (F, X, U: CORRECTION_NOT_ALLOWED); values equal to the current ones
 * are NOTHING_TO_CORRECT. In one transaction, on the locked request: the new values, one history row per field,
 * an audit entry and the `service-request-status` event (a refetch hint) for the customer's and staff's pages.
 */
export async function correctRequest(
  db: Db,
  actor: Actor,
  id: number,
  correction: RequestCorrection,
  ip?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select({
        code: serviceRequests.code,
        status: serviceRequests.status,
        customerId: serviceRequests.customerId,
        machineId: serviceRequests.machineId,
        transportType: serviceRequests.transportType,
        deliveryPlace: serviceRequests.deliveryPlace,
      })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id))
      .for('update');
    if (!request) throw notFound();
    if (isFinalStatus(request.status)) throw new AppError('CORRECTION_NOT_ALLOWED');

    const changes: Change[] = [];
    if (correction.machineId !== undefined && Number(correction.machineId) !== request.machineId) {
      const [to] = await tx
        .select({ id: machines.id, name: machines.name, serialNumber: machines.serialNumber })
        .from(machines)
        .where(and(eq(machines.id, Number(correction.machineId)), eq(machines.ownerId, request.customerId)));
      if (!to) throw notFound();
      const [from] = await tx
        .select({ name: machines.name, serialNumber: machines.serialNumber })
        .from(machines)
        .where(eq(machines.id, request.machineId));
      changes.push({
        field: 'machine',
        fromValue: String(request.machineId),
        toValue: String(to.id),
        fromLabel: from ? plainText(machineLabel(from)) : null,
        toLabel: plainText(machineLabel(to)),
      });
    }
    for (const { field, kind } of CHOICES) {
      const value = correction[field];
      if (value === undefined || value === request[field]) continue;
      const toLabel = value === null ? null : await choiceLabel(tx, kind, value, field);
      changes.push({
        field,
        fromValue: request[field],
        toValue: value,
        fromLabel: await anyChoiceLabel(tx, kind, request[field]),
        toLabel: toLabel ?? null,
      });
    }
    if (changes.length === 0) throw new AppError('NOTHING_TO_CORRECT');

    const valueOf = (field: CorrectionField) => changes.find((change) => change.field === field)?.toValue;
    const machineId = valueOf('machine');
    await tx
      .update(serviceRequests)
      .set({
        ...(machineId ? { machineId: Number(machineId) } : {}),
        ...(changes.some((c) => c.field === 'transportType')
          ? { transportType: valueOf('transportType') }
          : {}),
        ...(changes.some((c) => c.field === 'deliveryPlace')
          ? { deliveryPlace: valueOf('deliveryPlace') }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(serviceRequests.id, id));
    const now = new Date();
    await tx.insert(serviceRequestCorrections).values(
      changes.map((change) => ({
        serviceRequestId: id,
        ...change,
        reason: correction.reason,
        changedBy: actor.id,
        changedAt: now,
      })),
    );
    // The audit reads like the history: the machine by name and serial, the choices by code.
    const audited = (side: 'from' | 'to') =>
      Object.fromEntries(
        changes.map((change) => [
          change.field,
          change.field === 'machine' ? (change[`${side}Label`]?.values.pl ?? null) : change[`${side}Value`],
        ]),
      );
    await recordAudit(tx, actor, {
      kind: 'service-request.corrected',
      subject: { type: 'service-request', id, label: request.code },
      before: audited('from'),
      after: audited('to'),
      reason: correction.reason,
      ip,
    });
    await publishEvent(
      tx,
      { type: 'service-request-status', data: { serviceRequestId: String(id), status: request.status } },
      requestAudience(request.customerId),
    );
  });
}
