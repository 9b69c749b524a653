import { paths } from '@care/contract/pages';
import { isFinalStatus } from '@care/contract/service-requests';
import type { StaffStatusChangeSchema } from '@care/contract/staff';
import { canTransition, type ServiceRequestStatus } from '@care/contract/statuses';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { machines } from '#app/db/schema/machines.ts';
import {
  serviceRequestEstimateChanges,
  serviceRequests,
  serviceRequestStatusHistory,
} from '#app/db/schema/service-requests.ts';
import { users } from '#app/db/schema/users.ts';
import { publishEvent, requestAudience } from '#app/events/event-bus.ts';
import { todayInPoland } from '#app/db/guarantee.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { enqueueMail } from '#app/mail/outbox.ts';
import { mailTemplates } from '#app/mail/templates.ts';
import { AppError, fieldError, notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { notificationOn } from '#app/features/user/notification-settings.ts';
import { createRatingLink } from '#app/features/rating/rating-link.service.ts';

type StatusChange = z.output<typeof StaffStatusChangeSchema>;

export interface Target {
  id: number;
  code: string;
  status: ServiceRequestStatus;
  customerId: number;
  customerEmail: string;
  customerFirstName: string;
  customerLanguage: (typeof users.$inferSelect)['language'];
  customerActive: boolean;
  wantsMail: boolean;
  machine: string;
  reportDate: Date;
  estimatedCompletionDate: string | null;
}

/** The request a status change works on (with what its e-mail needs); another customer's or unknown: NOT_FOUND. */
export async function findTarget(db: Db, id: number, customerId?: number): Promise<Target> {
  const [row] = await db
    .select({
      id: serviceRequests.id,
      code: serviceRequests.code,
      status: serviceRequests.status,
      customerId: serviceRequests.customerId,
      customerEmail: users.email,
      customerFirstName: users.firstName,
      customerLanguage: users.language,
      customerActive: sql<boolean>`${users.status} = 'active'`,
      wantsMail: notificationOn(users.id, 'notifications.state-change'),
      machine: sql<string>`${machines.name} || ' ' || ${machines.serialNumber}`,
      reportDate: serviceRequests.reportDate,
      estimatedCompletionDate: serviceRequests.estimatedCompletionDate,
    })
    .from(serviceRequests)
    .innerJoin(users, eq(users.id, serviceRequests.customerId))
    .innerJoin(machines, eq(machines.id, serviceRequests.machineId))
    .where(
      customerId === undefined
        ? eq(serviceRequests.id, id)
        : and(eq(serviceRequests.id, id), eq(serviceRequests.customerId, customerId)),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** What every e-mail to the request's customer names: them, the brand, the request's page, code and machine. */
function customerMail(env: Env, target: Target) {
  return {
    name: target.customerFirstName,
    brand: env.BRAND_NAME,
    url: `${env.PUBLIC_URL}${env.BASE_PATH}${paths.service(target.id)}`,
    code: target.code,
    machine: target.machine,
  };
}

export interface StatusChanged {
  id: string;
  status: ServiceRequestStatus;
  statusChangedAt: string;
  /** An e-mail to the customer was queued (the caller kicks the outbox worker after commit). */
  mailQueued: boolean;
}

/**
 * The one path of every status change, in the caller's transaction: compare-and-set on the status read (two
 * people changing from the same status: the second finds it changed and gets STATUS_CHANGED_MEANWHILE), the
 * history row, the `service-request-status` event, and the customer's e-mail in their language when their
 * state-change setting is on. Closing as a duplicate (features/intake, docs/decisions/064) comes this way too:
 * `duplicateOf` names the original in the e-mail.
 */
export async function applyStatusChange(
  tx: Db,
  env: Env,
  actor: Actor,
  target: Target,
  change: StatusChange & { withdrawn: boolean; duplicateOf?: string },
  ip: string | undefined,
): Promise<StatusChanged> {
  const from = target.status;
  // Without fromStatus, asking for the status the request already has is a second click after someone's first.
  const stale = change.fromStatus === undefined ? change.status === from : change.fromStatus !== from;
  if (stale) throw new AppError('STATUS_CHANGED_MEANWHILE');
  if (!canTransition(from, change.status)) throw new AppError('INVALID_STATUS_TRANSITION');
  // F carries the day the work was done (the contract requires it with F and refuses it otherwise).
  const completionDate =
    change.status === 'F' ? checkedCompletionDate(target, change.completionDate) : undefined;

  const [updated] = await tx
    .update(serviceRequests)
    .set({
      status: change.status,
      ...(completionDate ? { completionDate } : {}),
      statusChangedAt: sql`now()`,
      updatedAt: sql`now()`,
      // A closed request waits for no one (docs/decisions/062); the wait's trigger tells the staff's screens.
      ...(isFinalStatus(change.status) ? { waitingSince: null } : {}),
    })
    .where(and(eq(serviceRequests.id, target.id), eq(serviceRequests.status, from)))
    .returning({ statusChangedAt: serviceRequests.statusChangedAt });
  if (!updated) throw new AppError('STATUS_CHANGED_MEANWHILE');

  await tx.insert(serviceRequestStatusHistory).values({
    serviceRequestId: target.id,
    fromStatus: from,
    toStatus: change.status,
    changedBy: actor.id,
    changedAt: updated.statusChangedAt,
    note: change.note ?? null,
  });
  await recordAudit(tx, actor, {
    kind: 'service-request.status',
    subject: { type: 'service-request', id: target.id, label: target.code },
    before: { status: from },
    after: { status: change.status, ...(completionDate ? { completionDate } : {}) },
    reason: change.note ?? null,
    ip,
  });
  await publishEvent(
    tx,
    { type: 'service-request-status', data: { serviceRequestId: String(target.id), status: change.status } },
    requestAudience(target.customerId),
  );

  const mailQueued = target.wantsMail && target.customerActive;
  if (mailQueued) {
    const language = target.customerLanguage;
    const mail = mailTemplates.statusChanged(language, {
      ...customerMail(env, target),
      status: change.status,
      withdrawn: change.withdrawn,
      duplicateOf: change.duplicateOf,
      estimatedDate: target.estimatedCompletionDate,
      completionDate: completionDate ?? null,
      // The F e-mail asks for the customer's confirmation and rating through a link of its own (decisions/065).
      ratingUrl: change.status === 'F' ? await createRatingLink(tx, env, target.id) : null,
    });
    await enqueueMail(tx, { to: target.customerEmail, ...mail, kind: 'status-changed', language });
  }
  return {
    id: String(target.id),
    status: change.status,
    statusChangedAt: updated.statusChangedAt.toISOString(),
    mailQueued,
  };
}

/** The completion date of a move to F: not after today in Poland, not before the day the request was reported. */
function checkedCompletionDate(target: Target, completionDate: string | undefined): string {
  if (completionDate === undefined) throw fieldError('completionDate', 'form.completion-date-required');
  if (completionDate > todayInPoland()) throw fieldError('completionDate', 'form.completion-date-future');
  if (completionDate < todayInPoland(target.reportDate)) {
    throw new AppError('DATE_BEFORE_REPORT_DATE', undefined, [
      { path: 'completionDate', code: 'validation.too_small' },
    ]);
  }
  return completionDate;
}

/** POST api/staff/service-requests/{id}/status: a staff member moves a request along the allowed transitions. */
export async function changeStatus(
  db: Db,
  env: Env,
  actor: Actor,
  id: number,
  change: StatusChange,
  ip?: string,
): Promise<StatusChanged> {
  return db.transaction(async (tx) =>
    applyStatusChange(tx, env, actor, await findTarget(tx, id), { ...change, withdrawn: false }, ip),
  );
}

/**
 * POST api/service-requests/{id}/withdrawal: the customer withdraws their own request while it is new (N → X).
 * Another customer's or an unknown request is NOT_FOUND; any other status is INVALID_STATUS_TRANSITION.
 */
export async function withdrawRequest(
  db: Db,
  env: Env,
  actor: Actor,
  id: number,
  ip?: string,
): Promise<StatusChanged> {
  return db.transaction(async (tx) => {
    const target = await findTarget(tx, id, actor.id);
    if (target.status !== 'N') throw new AppError('INVALID_STATUS_TRANSITION');
    return applyStatusChange(tx, env, actor, target, { status: 'X', fromStatus: 'N', withdrawn: true }, ip);
  });
}

/**
 * A change of the estimated completion date (staff's PATCH, in its transaction): kept in the request's history
 * (who, when, from → to) and e-mailed to the customer like a status change — when their state-change setting is
 * on — one message per save. Answers whether an e-mail was queued (the caller kicks the outbox after commit).
 */
export async function recordEstimateChange(
  tx: Db,
  env: Env,
  actor: Actor,
  id: number,
  change: { from: string | null; to: string | null },
): Promise<boolean> {
  const target = await findTarget(tx, id);
  await tx.insert(serviceRequestEstimateChanges).values({
    serviceRequestId: id,
    fromDate: change.from,
    toDate: change.to,
    changedBy: actor.id,
  });
  const mailQueued = target.wantsMail && target.customerActive;
  if (mailQueued) {
    const language = target.customerLanguage;
    const mail = mailTemplates.estimateChanged(language, {
      ...customerMail(env, target),
      estimatedDate: change.to,
    });
    await enqueueMail(tx, { to: target.customerEmail, ...mail, kind: 'estimate-changed', language });
  }
  return mailQueued;
}
