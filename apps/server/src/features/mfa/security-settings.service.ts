import type { AuditSetting } from '@care/contract/audit-fields';
import type { SecuritySettings } from '@care/contract/mfa';
import { eq } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { portalSettings } from '#app/db/schema/mfa.ts';
import type { Actor } from '#app/plugins/session.ts';
import { recordAudit } from '#app/audit/audit.ts';

/** The portal_settings row, and the audit entry's subject (the admin screen names it). */
const KEY: AuditSetting = 'require-staff-second-factor';

/** Whether the admin requires a second factor of staff (off until an admin turns it on). */
export async function staffSecondFactorRequired(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: portalSettings.value })
    .from(portalSettings)
    .where(eq(portalSettings.key, KEY));
  return row?.value === true;
}

export async function getSecuritySettings(db: Db): Promise<SecuritySettings> {
  return { requireStaffSecondFactor: await staffSecondFactorRequired(db) };
}

/** PUT api/admin/security: the change and its audit entry in one transaction. */
export async function updateSecuritySettings(
  db: Db,
  actor: Actor,
  input: SecuritySettings,
  ip: string,
): Promise<SecuritySettings> {
  return db.transaction(async (tx) => {
    const before = await staffSecondFactorRequired(tx);
    const value = input.requireStaffSecondFactor;
    if (before === value) return input;
    await tx
      .insert(portalSettings)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: portalSettings.key, set: { value, updatedAt: new Date() } });
    await recordAudit(tx, actor, {
      kind: 'settings.changed',
      subject: { type: 'settings', id: KEY, label: KEY },
      before: { requireStaffSecondFactor: before },
      after: { requireStaffSecondFactor: value },
      ip,
    });
    return input;
  });
}
