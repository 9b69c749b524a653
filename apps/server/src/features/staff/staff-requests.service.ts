import type { StaffServiceRequest, StaffServiceRequestUpdateSchema } from '@care/contract/staff';
import { SERVICE_REQUEST_TRANSITIONS } from '@care/contract/statuses';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#app/db/client.ts';
import { addressOf } from '#app/db/address.ts';
import { preparedStatement } from '#app/db/prepared.ts';
import { machines } from '#app/db/schema/machines.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { userAddresses, users } from '#app/db/schema/users.ts';
import { publishEvent, requestAudience } from '#app/events/event-bus.ts';
import { type AuditEntry, recordAudits } from '#app/audit/audit.ts';
import { guaranteeOf, todayInPoland } from '#app/db/guarantee.ts';
import {
  deliveryChoice,
  deliveryChoiceOf,
  detailsFields,
  historySql,
  toDetails,
  transportChoice,
  transportChoiceOf,
} from '#app/features/service-requests/service-requests.service.ts';
import type { Env } from '#app/config/env.ts';
import { recordEstimateChange } from '#app/features/service-requests/status-change.service.ts';
import { AppError, fieldError, notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { deskColumns, deskOf } from './staff-desk.service.ts';

type StaffServiceRequestUpdate = z.output<typeof StaffServiceRequestUpdateSchema>;

/**
 * The staff page of a request in one statement: what the customer sees (service-requests' details statement, its
 * history with the staff's notes), the customer's contact data and the machine's ERP data.
 */
const staffRequest = preparedStatement('staff_service_request', (db) =>
  db
    .select({
      ...detailsFields(db),
      history: historySql(db, true),
      statusChangedAt: serviceRequests.statusChangedAt,
      desk: deskColumns(db),
      customer: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        language: users.language,
      },
      address: {
        userId: userAddresses.userId,
        companyName: userAddresses.companyName,
        street: userAddresses.street,
        houseNumber: userAddresses.houseNumber,
        apartmentNumber: userAddresses.apartmentNumber,
        postalCode: userAddresses.postalCode,
        city: userAddresses.city,
        countryCode: userAddresses.countryCode,
      },
      erpMachine: {
        id: machines.id,
        name: machines.name,
        serialNumber: machines.serialNumber,
        purchaseDate: machines.purchaseDate,
        guaranteeEndDate: machines.guaranteeEndDate,
        status: machines.status,
        dealer: machines.dealer,
      },
    })
    .from(serviceRequests)
    .innerJoin(machines, eq(machines.id, serviceRequests.machineId))
    .leftJoin(transportChoice, transportChoiceOf)
    .leftJoin(deliveryChoice, deliveryChoiceOf)
    .innerJoin(users, eq(users.id, serviceRequests.customerId))
    .leftJoin(userAddresses, eq(userAddresses.userId, users.id))
    .where(eq(serviceRequests.id, sql.placeholder('id'))),
);

/**
 * GET api/staff/service-requests/{id}: what the customer sees (service-requests' details), with the customer's
 * contact data, the machine's ERP data and guarantee, the staff notes of the history and the statuses the
 * request may move to. Unknown id: NOT_FOUND. The caller has checked the staff role.
 */
export async function getStaffServiceRequest(db: Db, id: number): Promise<StaffServiceRequest> {
  const [row] = await staffRequest(db).execute({ id });
  if (!row) throw notFound();
  const { customer, address, erpMachine: machine } = row;
  const details = toDetails(row);
  return {
    ...details,
    statusChangedAt: row.statusChangedAt.toISOString(),
    customer: {
      ...customer,
      id: String(customer.id),
      phone: customer.phone ?? '',
      address: addressOf(address),
    },
    machine: {
      ...machine,
      id: String(machine.id),
      ...guaranteeOf(machine.guaranteeEndDate, todayInPoland()),
    },
    allowedTransitions: [...SERVICE_REQUEST_TRANSITIONS[details.status]],
    desk: deskOf(row.desk),
  };
}

/**
 * PATCH api/staff/service-requests/{id}: the fields the service department fills in. Dates may not be before
 * the day the request was reported (in Poland). The description, comments and attachments are not in the schema
 * and never change. The customer's open page is told to refetch (`service-request-status` with the unchanged
 * status: the event is a refetch hint, see docs/decisions/022).
 */
export async function updateStaffServiceRequest(
  db: Db,
  env: Env,
  actor: Actor,
  id: number,
  update: StaffServiceRequestUpdate,
  ip?: string,
): Promise<{ request: StaffServiceRequest; mailQueued: boolean }> {
  const mailQueued = await db.transaction(async (tx) => {
    const [request] = await tx
      .select({
        code: serviceRequests.code,
        reportDate: serviceRequests.reportDate,
        status: serviceRequests.status,
        customerId: serviceRequests.customerId,
        estimatedCompletionDate: serviceRequests.estimatedCompletionDate,
        completionDate: serviceRequests.completionDate,
        serviceOpinion: serviceRequests.serviceOpinion,
        additionalParts: serviceRequests.additionalParts,
      })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id))
      .for('update');
    if (!request) throw notFound();
    const reportDay = todayInPoland(request.reportDate);
    // Every date that is too early is named, so the form marks each of them at once.
    const tooEarly = (['estimatedCompletionDate', 'completionDate'] as const).filter((field) => {
      const date = update[field];
      return date && date < reportDay;
    });
    // The day the work was done cannot be to come (the move to F refuses it alike, status-change.service.ts).
    if (update.completionDate && update.completionDate > todayInPoland())
      throw fieldError('completionDate', 'form.completion-date-future');
    if (tooEarly.length > 0) {
      throw new AppError(
        'DATE_BEFORE_REPORT_DATE',
        undefined,
        tooEarly.map((path) => ({ path, code: 'validation.too_small' })),
      );
    }
    // Only what differs: saving the form unchanged is no change, and writes nothing (no event, no audit entry).
    const changes = Object.fromEntries(
      Object.entries(update).filter(
        ([field, value]) =>
          value !== undefined && value !== request[field as keyof StaffServiceRequestUpdate],
      ),
    );
    if (Object.keys(changes).length === 0) return false;
    await tx
      .update(serviceRequests)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(serviceRequests.id, id));
    await recordAudits(tx, actor, auditEntries(request, changes, { id, label: request.code, ip }));
    await publishEvent(
      tx,
      { type: 'service-request-status', data: { serviceRequestId: String(id), status: request.status } },
      requestAudience(request.customerId),
    );
    // A moved, set or cleared estimate goes into the request's history and tells the customer (issue 18).
    return 'estimatedCompletionDate' in changes
      ? recordEstimateChange(tx, env, actor, id, {
          from: request.estimatedCompletionDate,
          to: update.estimatedCompletionDate ?? null,
        })
      : false;
  });
  return { request: await getStaffServiceRequest(db, id), mailQueued };
}

const AUDITED_GROUPS = [
  { kind: 'service-request.dates', fields: ['estimatedCompletionDate', 'completionDate'] },
  { kind: 'service-request.findings', fields: ['serviceOpinion', 'additionalParts'] },
] as const;

/** One entry per group the change touched (dates, findings), each with the touched fields before → after. */
function auditEntries(
  request: Record<string, unknown>,
  changes: Record<string, unknown>,
  subject: { id: number; label: string; ip: string | undefined },
): AuditEntry[] {
  return AUDITED_GROUPS.flatMap(({ kind, fields }) => {
    const touched = fields.filter((field) => field in changes);
    if (touched.length === 0) return [];
    return [
      {
        kind,
        subject: { type: 'service-request' as const, id: subject.id, label: subject.label },
        before: Object.fromEntries(touched.map((field) => [field, request[field] ?? null])),
        after: Object.fromEntries(touched.map((field) => [field, changes[field]])),
        ip: subject.ip,
      },
    ];
  });
}
