import type { Language } from '@care/contract/locales';
import { SERVICE_STAFF_ROLES } from '@care/contract/roles';
import { sql } from 'drizzle-orm';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { users } from '#app/db/schema/users.ts';

export interface StaffRecipient {
  email: string;
  language: Language;
  firstName: string;
  /** The staff member the e-mail is for (a reply to it is theirs), or null for the service inbox. */
  userId: number | null;
}

/**
 * Who is told of a customer's messages on a request: the request's owner (service_requests.assigned_to, while
 * they are active service staff), else the service inbox (SERVICE_EMAIL, in Polish, the department's language).
 * The one place that decides it: the service desk's ownership rules change here and nowhere else.
 */
export async function recipientOfCustomerMessage(
  db: Db,
  env: Pick<Env, 'SERVICE_EMAIL'>,
  requestId: number,
): Promise<StaffRecipient> {
  const result = (await db.execute(sql`
    SELECT u.id, u.email, u.language, u.first_name
    FROM ${serviceRequests} r JOIN ${users} u ON u.id = r.assigned_to
    WHERE r.id = ${requestId} AND u.status = 'active'
      AND u.role IN (${sql.join(
        SERVICE_STAFF_ROLES.map((role) => sql`${role}`),
        sql`, `,
      )})`)) as { rows: { id: number | string; email: string; language: Language; first_name: string }[] };
  const owner = result.rows[0];
  if (!owner) return { email: env.SERVICE_EMAIL, language: 'pl', firstName: '', userId: null };
  return {
    email: owner.email,
    language: owner.language,
    firstName: owner.first_name,
    userId: Number(owner.id),
  };
}
