import type { CustomerReason, MachineAssignmentSchema } from '@care/contract/customers';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { normalizeSerialNumber } from '#app/db/normalize.ts';
import { machines } from '#app/db/schema/machines.ts';
import { users } from '#app/db/schema/users.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { resendConfirmationLink } from '#app/features/auth/registration.service.ts';
import { AppError, notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { publishUsersChanged } from '#app/events/event-bus.ts';

type MachineAssignment = z.output<typeof MachineAssignmentSchema>;

/** Who made the change and from where, as the audit log keeps it. */
export interface ChangeContext {
  actor: Actor;
  ip: string;
}

const auditActor = (context: ChangeContext) => ({ id: context.actor.id, email: context.actor.email });

/** The customer, locked for the change; NOT_FOUND for an unknown id and for staff accounts. */
async function lockCustomer(tx: Db, id: number) {
  const [customer] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      status: users.status,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'customer')))
    .for('update');
  if (!customer) throw notFound();
  return customer;
}

/**
 * POST api/admin/customers/{id}/confirmation-mail: a new link to confirm the e-mail address (the registration's
 * own link and mail, features/auth), only while the account is pending.
 */
export async function resendConfirmation(
  db: Db,
  env: Env,
  context: ChangeContext,
  id: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, id);
    if (customer.status !== 'pending') throw new AppError('CUSTOMER_NOT_PENDING');
    await resendConfirmationLink(tx, env, customer);
    await recordAudit(tx, auditActor(context), {
      kind: 'customer.confirmation-sent',
      subject: { type: 'user', id, label: customer.email },
      after: { to: customer.email },
      ip: context.ip,
    });
  });
}

/**
 * POST api/admin/customers/{id}/reactivation: a deactivated account becomes active again. Its password is
 * unchanged, so the customer signs in with it or resets it by e-mail; deactivation already ended every session
 * and link, and nothing is restored (docs/decisions/045).
 */
export async function reactivateCustomer(
  db: Db,
  context: ChangeContext,
  id: number,
  input: CustomerReason,
): Promise<void> {
  await db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, id);
    if (customer.status !== 'deactivated') throw new AppError('CUSTOMER_NOT_DEACTIVATED');
    await tx.update(users).set({ status: 'active', deactivatedAt: null }).where(eq(users.id, id));
    await publishUsersChanged(tx, [id]);
    await recordAudit(tx, auditActor(context), {
      kind: 'customer.reactivated',
      subject: { type: 'user', id, label: customer.email },
      before: { status: 'deactivated', deactivatedAt: customer.deactivatedAt?.toISOString() ?? null },
      after: { status: 'active', deactivatedAt: null },
      reason: input.reason,
      ip: context.ip,
    });
  });
}

/**
 * POST api/admin/customers/{id}/machines: the machine of that serial number becomes the customer's. Unknown:
 * MACHINE_NOT_FOUND; already theirs: MACHINE_ALREADY_ASSIGNED; another customer's: MACHINE_OWNED_BY_ANOTHER
 * unless `move`, which takes it from them with its own audit entry on the previous owner.
 */
export async function assignMachine(
  db: Db,
  context: ChangeContext,
  id: number,
  input: MachineAssignment,
): Promise<void> {
  const serialNumber = normalizeSerialNumber(input.serialNumber);
  await db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, id);
    const [machine] = await tx
      .select({ id: machines.id, ownerId: machines.ownerId, ownerEmail: users.email })
      .from(machines)
      .leftJoin(users, eq(users.id, machines.ownerId))
      .where(eq(machines.serialNumber, serialNumber))
      .for('update', { of: machines });
    if (!machine) throw new AppError('MACHINE_NOT_FOUND');
    if (machine.ownerId === id) throw new AppError('MACHINE_ALREADY_ASSIGNED');
    if (machine.ownerId !== null && !input.move) throw new AppError('MACHINE_OWNED_BY_ANOTHER');
    await tx
      .update(machines)
      .set({ ownerId: id, ownedSince: sql`now()` })
      .where(eq(machines.id, machine.id));
    const before = { serialNumber, owner: machine.ownerEmail };
    const after = { serialNumber, owner: customer.email };
    if (machine.ownerId !== null) {
      await recordAudit(tx, auditActor(context), {
        kind: 'machine.unassigned',
        subject: { type: 'user', id: machine.ownerId, label: machine.ownerEmail ?? '' },
        before,
        after,
        reason: input.reason,
        ip: context.ip,
      });
    }
    await recordAudit(tx, auditActor(context), {
      kind: 'machine.assigned',
      subject: { type: 'user', id, label: customer.email },
      before,
      after,
      reason: input.reason,
      ip: context.ip,
    });
  });
}

/**
 * POST api/admin/customers/{id}/machines/{machineId}/removal: the machine is nobody's again (free for a new
 * registration). Its service requests stay the customer's, as the record of what was done. Not theirs: NOT_FOUND.
 */
export async function removeMachine(
  db: Db,
  context: ChangeContext,
  id: number,
  machineId: number,
  input: CustomerReason,
): Promise<void> {
  await db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, id);
    const [machine] = await tx
      .update(machines)
      .set({ ownerId: null, ownedSince: null })
      .where(and(eq(machines.id, machineId), eq(machines.ownerId, id)))
      .returning({ serialNumber: machines.serialNumber });
    if (!machine) throw notFound();
    await recordAudit(tx, auditActor(context), {
      kind: 'machine.unassigned',
      subject: { type: 'user', id, label: customer.email },
      before: { serialNumber: machine.serialNumber, owner: customer.email },
      after: { serialNumber: machine.serialNumber, owner: null },
      reason: input.reason,
      ip: context.ip,
    });
  });
}
