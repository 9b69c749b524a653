import { STAFF_ROLES, type SetPasswordRequest } from '@care/contract/staff-accounts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { users } from '#app/db/schema/users.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { consumeAuthToken, findUsableAuthToken, voidAuthTokens } from '#app/security/auth-tokens.ts';
import { AppError, fieldError } from '#app/plugins/errors.ts';
import { endAllSessions } from '#app/plugins/session.ts';
import { publishUsersChanged } from '#app/events/event-bus.ts';
import { hashPassword } from '#app/security/password.ts';
import { passwordProblem } from '#app/security/password-policy.ts';

/** A staff account the link may set a password for: not disabled, still staff. */
const settable = (userId: number) =>
  and(
    eq(users.id, userId),
    inArray(users.status, ['pending', 'active']),
    inArray(users.role, [...STAFF_ROLES]),
  );

/** POST auth/set-password/check: whether the link would be taken, without using it. */
export async function isSetPasswordTokenUsable(db: Db, token: string): Promise<boolean> {
  const found = await findUsableAuthToken(db, token, 'set_password');
  if (!found) return false;
  const [user] = await db.select({ id: users.id }).from(users).where(settable(found.userId));
  return Boolean(user);
}

/**
 * POST auth/set-password: the password policy of every other password, then the account is active with its
 * e-mail confirmed (the link proved the mailbox), like an account the CLI creates. The link is used up and any
 * session ends; a refused password leaves the link usable (the transaction rolls back).
 */
export async function setPasswordWithLink(
  db: Db,
  env: Env,
  input: SetPasswordRequest,
  ip: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const token = await consumeAuthToken(tx, input.token, 'set_password');
    if (!token) throw new AppError('INVALID_TOKEN');
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        status: users.status,
      })
      .from(users)
      .where(settable(token.userId))
      .for('update');
    if (!user) throw new AppError('INVALID_TOKEN');
    const problem = passwordProblem(input.password, { ...user, brandName: env.BRAND_NAME });
    if (problem) throw fieldError('password', problem);
    await tx
      .update(users)
      .set({
        passwordHash: await hashPassword(input.password),
        status: 'active',
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await publishUsersChanged(tx, [user.id]);
    await voidAuthTokens(tx, user.id, 'set_password');
    await endAllSessions(tx, user.id);
    await recordAudit(
      tx,
      { id: user.id, email: user.email },
      {
        kind: 'auth.password-changed',
        subject: { type: 'user', id: user.id, label: user.email },
        before: { status: user.status },
        after: { status: 'active', through: 'set-password-link' },
        ip,
      },
    );
  });
}
