import type { SecondFactorRequest } from '@care/contract/mfa';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { totpFactors, sessionSecondFactor } from '#app/db/schema/mfa.ts';
import { users } from '#app/db/schema/users.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { userColumns } from '#app/db/signed-in-user.ts';
import { AppError } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { passkeyAuthenticationOptions, verifyPasskey } from './passkeys.service.ts';
import { recoveryCodesLeft, useRecoveryCode } from './recovery-codes.ts';
import { useTotpCode } from './totp.service.ts';
import { factorCount } from './factors.ts';

/** POST auth/second-factor/options: the factors the second step can offer this account. */
export async function secondFactorOptions(db: Db, env: Env, actor: Actor) {
  const [totp] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, actor.id), isNotNull(totpFactors.confirmedAt)));
  const passkeyCount = (await factorCount(db, actor.id)) - (totp ? 1 : 0);
  return {
    totp: Boolean(totp),
    passkey: passkeyCount > 0 ? await passkeyAuthenticationOptions(db, env, actor.id) : null,
  };
}

/**
 * POST auth/second-factor: a right TOTP code (once per time step), an unused recovery code or the account's
 * passkey completes the session; the entry in the audit log names the method.
 */
export async function completeSecondFactor(
  db: Db,
  env: Env,
  actor: Actor,
  input: SecondFactorRequest,
  ip: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    let accepted: boolean;
    if (input.method === 'totp') accepted = await useTotpCode(tx, actor.id, input.code, true);
    else if (input.method === 'recovery') accepted = await useRecoveryCode(tx, actor.id, input.code);
    else
      accepted =
        (await verifyPasskey(tx, env, input.response as AuthenticationResponseJSON, actor.id)) === actor.id;
    if (!accepted) throw new AppError('INVALID_SECOND_FACTOR');
    await tx.delete(sessionSecondFactor).where(eq(sessionSecondFactor.sessionId, actor.sessionId));
    const subject = { type: 'user' as const, id: actor.id, label: actor.email };
    await recordAudit(tx, actor, {
      kind: 'auth.second-factor',
      subject,
      after: { verified: input.method },
      ip,
    });
    if (input.method === 'recovery') {
      await recordAudit(tx, actor, {
        kind: 'auth.recovery-codes',
        subject,
        after: { used: 1, left: await recoveryCodesLeft(tx, actor.id) },
        ip,
      });
    }
  });
}

/**
 * POST auth/passkey/sign-in: a passkey alone signs in (possession plus the authenticator's user verification
 * are two factors), so it also meets the admin's requirement. Answers the account to start a session for.
 */
export async function passkeySignIn(db: Db, env: Env, response: AuthenticationResponseJSON, ip: string) {
  return db.transaction(async (tx) => {
    const userId = await verifyPasskey(tx, env, response, null);
    const [user] = await tx
      .select(userColumns)
      .from(users)
      .where(and(eq(users.id, userId), eq(users.status, 'active')));
    if (!user) throw new AppError('INVALID_SECOND_FACTOR');
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    await recordAudit(tx, user, {
      kind: 'auth.sign-in',
      subject: { type: 'user', id: user.id, label: user.email },
      after: { method: 'passkey' },
      ip,
    });
    return user;
  });
}
