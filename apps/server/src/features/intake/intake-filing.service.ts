import type { IntakeFiled, IntakeRequest } from '@care/contract/intake';
import { paths } from '@care/contract/pages';
import { and, eq } from 'drizzle-orm';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { isUniqueViolation } from '#app/db/unique-violation.ts';
import { publishEvent, requestAudience } from '#app/events/event-bus.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { enqueueMail } from '#app/mail/outbox.ts';
import { mailTemplates } from '#app/mail/templates.ts';
import type { Actor } from '#app/plugins/session.ts';
import { insertServiceRequestRows } from '#app/features/service-requests/new-request.service.ts';
import { findActiveCustomer } from './intake-customers.service.ts';

export interface Filed extends IntakeFiled {
  /** False for a retry of a filing already made (the same clientId): nothing new was written or queued. */
  created: boolean;
}

/**
 * POST api/staff/intake/service-requests: a request for a customer who phoned (docs/decisions/064). It is the
 * customer's in every way (their list, their page, their chat); `filed_by` and the first history row name the
 * staff member. In one transaction: the rows (the customer's own path, new-request.service.ts: their machine or
 * NOT_FOUND, active choices or a field error), an audit entry, the event for the customer's open lists, and the
 * customer's confirmation e-mail in their language — always, whatever their status e-mail switch says: it is the
 * record of something done in their name. The service inbox gets no notice: the department filed it itself.
 */
export async function fileForCustomer(
  db: Db,
  env: Env,
  actor: Actor,
  input: IntakeRequest,
  ip?: string,
): Promise<Filed> {
  const { customerId, ...fields } = input;
  try {
    return await db.transaction(async (tx) => {
      const customer = await findActiveCustomer(tx, Number(customerId));
      const filed = await findFiled(tx, customer.id, fields.clientId);
      if (filed) return { ...filed, created: false };
      const inserted = await insertServiceRequestRows(
        tx,
        { customerId: customer.id, filedBy: actor.id },
        fields,
        [],
      );
      const machine = `${inserted.machine.name} (${inserted.machine.serialNumber})`;
      await recordAudit(tx, actor, {
        kind: 'service-request.filed',
        subject: { type: 'service-request', id: inserted.id, label: inserted.code },
        after: { customer: customer.email, machine },
        ip,
      });
      await publishEvent(
        tx,
        { type: 'service-request-status', data: { serviceRequestId: String(inserted.id), status: 'N' } },
        requestAudience(customer.id),
      );
      const mail = mailTemplates.filedForCustomer(customer.language, {
        name: customer.firstName,
        brand: env.BRAND_NAME,
        url: `${env.PUBLIC_URL}${env.BASE_PATH}${paths.service(inserted.id)}`,
        code: inserted.code,
        machine,
        problemDescription: fields.problemDescription,
      });
      await enqueueMail(tx, {
        to: customer.email,
        ...mail,
        kind: 'service-request-filed',
        language: customer.language,
      });
      return { id: String(inserted.id), code: inserted.code, created: true };
    });
  } catch (error) {
    // Two copies of one filing at once (a double click): the other one filed it.
    const raced = isUniqueViolation(error) ? await findFiled(db, Number(customerId), fields.clientId) : null;
    if (raced === null) throw error;
    return { ...raced, created: false };
  }
}

/** The request already filed for this customer with this submission's clientId, if any. */
async function findFiled(
  db: Db,
  customerId: number,
  clientId: string | undefined,
): Promise<IntakeFiled | null> {
  if (!clientId) return null;
  const [filed] = await db
    .select({ id: serviceRequests.id, code: serviceRequests.code })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.customerId, customerId), eq(serviceRequests.clientId, clientId)));
  return filed ? { id: String(filed.id), code: filed.code } : null;
}
