import type { SecondFactorStep } from '@care/contract/mfa';
import type { Role } from '@care/contract/statuses';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { passkeys, sessionSecondFactor, totpFactors } from '#app/db/schema/mfa.ts';
import { users } from '#app/db/schema/users.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { AppError, fieldError } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { verifyPassword } from '#app/security/password.ts';
import { removeRecoveryCodes, replaceRecoveryCodes } from './recovery-codes.ts';
import { staffSecondFactorRequired } from './security-settings.service.ts';

export const isStaff = (role: Role) => role !== 'customer';

/** How many second factors the account has: its passkeys and a confirmed TOTP. */
export async function factorCount(db: Db, userId: number): Promise<number> {
  const keys = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId));
  const [totp] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return keys.length + (totp ? 1 : 0);
}

/** Whether the admin's requirement applies to this account. */
export async function secondFactorRequiredOf(db: Db, role: Role): Promise<boolean> {
  return isStaff(role) && (await staffSecondFactorRequired(db));
}

/**
 * What a password sign-in still needs: the second factor the account has ('verify'), one to set up when the
 * admin requires it of staff ('setup'), or nothing.
 */
export async function stepAfterPassword(
  db: Db,
  userId: number,
  role: Role,
): Promise<SecondFactorStep | null> {
  if ((await factorCount(db, userId)) > 0) return 'verify';
  return (await secondFactorRequiredOf(db, role)) ? 'setup' : null;
}

export async function markSessionPending(db: Db, sessionId: number, step: SecondFactorStep): Promise<void> {
  await db.insert(sessionSecondFactor).values({ sessionId, step });
}

/**
 * After a factor was added (in its transaction): the first one brings recovery codes (answered, shown once), and a
 * session that was held to set one up is now complete (the requirement met, in the audit log).
 */
export async function afterFactorAdded(
  tx: Db,
  actor: Actor,
  ip: string,
  pendingStep: SecondFactorStep | null,
): Promise<string[] | null> {
  const first = (await factorCount(tx, actor.id)) === 1;
  const codes = first ? await replaceRecoveryCodes(tx, actor.id) : null;
  if (codes) {
    await recordAudit(tx, actor, {
      kind: 'auth.recovery-codes',
      subject: { type: 'user', id: actor.id, label: actor.email },
      after: { generated: codes.length },
      ip,
    });
  }
  if (pendingStep === 'setup') {
    await tx.delete(sessionSecondFactor).where(eq(sessionSecondFactor.sessionId, actor.sessionId));
    await recordAudit(tx, actor, {
      kind: 'auth.second-factor',
      subject: { type: 'user', id: actor.id, label: actor.email },
      after: { requirementMet: 'set-up' },
      ip,
    });
  }
  return codes;
}

/** Before a factor goes: an account the admin holds to a second factor keeps at least one. */
export async function assertMayRemoveFactor(tx: Db, actor: Actor): Promise<void> {
  if ((await factorCount(tx, actor.id)) <= 1 && (await secondFactorRequiredOf(tx, actor.role))) {
    throw new AppError('LAST_SECOND_FACTOR');
  }
}

/** Removing a factor or renewing recovery codes is confirmed with the account's password. */
export async function assertPassword(db: Db, actor: Actor, password: string): Promise<void> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    throw fieldError('password', 'form.password-incorrect');
  }
}

/** After a factor went: with none left, the recovery codes go too (they would open nothing). */
export async function afterFactorRemoved(tx: Db, userId: number): Promise<void> {
  if ((await factorCount(tx, userId)) === 0) await removeRecoveryCodes(tx, userId);
}

/**
 * The password sign-in's part (auth/login, in the transaction that starts the session): holds the new session
 * at the second-factor step the account needs, and answers that step (or null for a complete session).
 */
export async function holdForSecondFactor(
  tx: Db,
  sessionId: number,
  userId: number,
  role: Role,
): Promise<SecondFactorStep | null> {
  const step = await stepAfterPassword(tx, userId, role);
  if (step) await markSessionPending(tx, sessionId, step);
  return step;
}
