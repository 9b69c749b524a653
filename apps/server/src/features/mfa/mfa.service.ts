import type { MfaStatus } from '@care/contract/mfa';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { totpFactors } from '#app/db/schema/mfa.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { AppError } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { factorCount, secondFactorRequiredOf } from './factors.ts';
import { listPasskeys } from './passkeys.service.ts';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.ts';

/** GET api/user/mfa. */
export async function mfaStatus(db: Db, actor: Actor): Promise<MfaStatus> {
  const [totp] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, actor.id), isNotNull(totpFactors.confirmedAt)));
  return {
    passkeys: await listPasskeys(db, actor.id),
    totp: Boolean(totp),
    recoveryCodesLeft: await recoveryCodesLeft(db, actor.id),
    required: await secondFactorRequiredOf(db, actor.role),
  };
}

/** POST api/user/mfa/recovery-codes: only with a second factor to recover (the codes stand in for it). */
export async function renewRecoveryCodes(db: Db, actor: Actor, ip: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    if ((await factorCount(tx, actor.id)) === 0) throw new AppError('CONFLICT');
    const before = await recoveryCodesLeft(tx, actor.id);
    const codes = await replaceRecoveryCodes(tx, actor.id);
    await recordAudit(tx, actor, {
      kind: 'auth.recovery-codes',
      subject: { type: 'user', id: actor.id, label: actor.email },
      before: { left: before },
      after: { generated: codes.length },
      ip,
    });
    return codes;
  });
}
