import type { TotpSetup } from '@care/contract/mfa';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { type SecondFactorStep } from '@care/contract/mfa';
import { totpFactors } from '#app/db/schema/mfa.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { AppError } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { afterFactorAdded, afterFactorRemoved, assertMayRemoveFactor } from './factors.ts';

/** One step either way: a phone's clock a little off still works (RFC 6238 §5.2). */
const EPOCH_TOLERANCE_S = 30;

/** POST api/user/mfa/totp: a new secret to scan (replaces a set-up that was never confirmed). */
export async function startTotp(db: Db, env: Env, actor: Actor): Promise<TotpSetup> {
  const [existing] = await db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, actor.id));
  if (existing?.confirmedAt) throw new AppError('CONFLICT');
  const secret = generateSecret();
  await db
    .insert(totpFactors)
    .values({ userId: actor.id, secret })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secret, lastTimeStep: null } });
  const uri = generateURI({ issuer: env.BRAND_NAME, label: actor.email, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Checks a code against the account's secret and, if right, remembers its time step in the same statement's
 * transaction: a code is taken once, and no earlier code afterwards (no replay).
 */
export async function useTotpCode(
  tx: Db,
  userId: number,
  code: string,
  confirmed: boolean,
): Promise<boolean> {
  const [row] = await tx
    .select({ secret: totpFactors.secret, lastTimeStep: totpFactors.lastTimeStep })
    .from(totpFactors)
    .where(
      and(
        eq(totpFactors.userId, userId),
        confirmed ? isNotNull(totpFactors.confirmedAt) : isNull(totpFactors.confirmedAt),
      ),
    )
    .for('update');
  if (!row) return false;
  const result = await verify({
    secret: row.secret,
    token: code,
    epochTolerance: EPOCH_TOLERANCE_S,
    ...(row.lastTimeStep === null ? {} : { afterTimeStep: row.lastTimeStep }),
  });
  // otplib's result type also covers HOTP, which has no time step.
  if (!result.valid || !('timeStep' in result)) return false;
  await tx
    .update(totpFactors)
    .set({ lastTimeStep: result.timeStep as number, ...(confirmed ? {} : { confirmedAt: new Date() }) })
    .where(eq(totpFactors.userId, userId));
  return true;
}

/** POST api/user/mfa/totp/confirmation: the first right code turns TOTP on. */
export async function confirmTotp(
  db: Db,
  actor: Actor,
  code: string,
  ip: string,
  pendingStep: SecondFactorStep | null,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    if (!(await useTotpCode(tx, actor.id, code, false))) throw new AppError('INVALID_SECOND_FACTOR');
    await recordAudit(tx, actor, {
      kind: 'auth.second-factor',
      subject: { type: 'user', id: actor.id, label: actor.email },
      before: { totp: false },
      after: { totp: true },
      ip,
    });
    return afterFactorAdded(tx, actor, ip, pendingStep);
  });
}

/** POST api/user/mfa/totp/removal (password confirmed by the route). */
export async function removeTotp(db: Db, actor: Actor, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ confirmedAt: totpFactors.confirmedAt })
      .from(totpFactors)
      .where(eq(totpFactors.userId, actor.id))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.confirmedAt) await assertMayRemoveFactor(tx, actor);
    await tx.delete(totpFactors).where(eq(totpFactors.userId, actor.id));
    if (!row.confirmedAt) return;
    await afterFactorRemoved(tx, actor.id);
    await recordAudit(tx, actor, {
      kind: 'auth.second-factor',
      subject: { type: 'user', id: actor.id, label: actor.email },
      before: { totp: true },
      after: { totp: false },
      ip,
    });
  });
}
