import { paths } from '@care/contract/pages';
import type { LoginRequest, PasswordResetConfirmationRequest } from '@care/contract/auth';
import type { User } from '@care/contract/user';
import { and, eq } from 'drizzle-orm';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { normalizeEmail } from '#app/db/normalize.ts';
import { users } from '#app/db/schema/users.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { enqueueMail } from '#app/mail/outbox.ts';
import { mailTemplates } from '#app/mail/templates.ts';
import { AppError, fieldError } from '#app/plugins/errors.ts';
import { endAllSessions } from '#app/plugins/session.ts';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '#app/security/password.ts';
import { passwordProblem } from '#app/security/password-policy.ts';
import { toUser, userColumns } from '#app/db/signed-in-user.ts';
import {
  consumeAuthToken,
  findUsableAuthToken,
  issueAuthToken,
  voidAuthTokens,
} from '#app/security/auth-tokens.ts';

/** An existing account whose sign-in was refused (wrong password, deactivated): the route logs it afterwards. */
export interface RefusedSignIn {
  id: number;
  email: string;
  reason: 'password' | 'deactivated';
}

/**
 * POST auth/login. A wrong password, an unknown e-mail and a deactivated account get the same answer after
 * the same work: an unknown e-mail is checked against a dummy argon2id hash. Only the right password to a
 * not yet confirmed account learns that the e-mail still needs confirming. A success is audited with the
 * last-sign-in time it sets; a refusal of an existing account is handed to `onRefused`, so that the caller can
 * log it once the answer has gone (writing it here would make a known e-mail slower to refuse than an unknown).
 */
export async function signIn(
  db: Db,
  input: LoginRequest,
  {
    ip,
    onRefused,
    staffPasswords = true,
  }: {
    ip?: string;
    onRefused?: (refused: RefusedSignIn) => void;
    /** False with STAFF_PASSWORD_SIGN_IN=false: staff sign in through the identity provider only (issue 15). */
    staffPasswords?: boolean;
  } = {},
): Promise<User & { userId: number }> {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.email, normalizeEmail(input.username)))
    .limit(1);
  const matches = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!row || !matches || row.status === 'deactivated') {
    if (row) onRefused?.({ id: row.id, email: row.email, reason: matches ? 'deactivated' : 'password' });
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (row.status === 'pending') throw new AppError('EMAIL_NOT_CONFIRMED');
  // Only after the password: a wrong one must not learn that the address is a staff member's.
  if (!staffPasswords && row.role !== 'customer') throw new AppError('PASSWORD_SIGN_IN_DISABLED');
  const rehash = needsRehash(row.passwordHash) ? { passwordHash: await hashPassword(input.password) } : {};
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ lastLoginAt: new Date(), ...rehash })
      .where(eq(users.id, row.id));
    await recordAudit(tx, row, {
      kind: 'auth.sign-in',
      subject: { type: 'user', id: row.id, label: row.email },
      after: { method: 'password' },
      ip,
    });
  });
  return { ...toUser(row), userId: row.id };
}

/** The failed sign-in of an existing account (never the password tried), after the answer has gone. */
export async function recordRefusedSignIn(db: Db, refused: RefusedSignIn, ip?: string): Promise<void> {
  await recordAudit(db, refused, {
    kind: 'auth.sign-in-failed',
    subject: { type: 'user', id: refused.id, label: refused.email },
    reason: refused.reason,
    ip,
  });
}

/**
 * POST auth/password-reset, step 1: the active account of the address, or null (unknown, pending, deactivated).
 * One query whatever it finds; the route answers right after it, so every address takes as long.
 */
export async function findResetAccount(db: Db, email: string): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, normalizeEmail(email)), eq(users.status, 'active')))
    .limit(1);
  return user?.id ?? null;
}

/**
 * POST auth/password-reset, step 2, after the answer has gone: e-mails a link (1 hour, single use) and voids the
 * account's earlier links. False when the account is no longer active (deactivated in between). A staff member
 * while staff sign in only through the identity provider gets no link (a password they could not use) but an
 * e-mail that says how to sign in.
 */
export async function sendPasswordReset(db: Db, env: Env, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        language: users.language,
        role: users.role,
      })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.status, 'active')))
      .for('update');
    if (!user) return false;
    if (user.role !== 'customer' && !env.STAFF_PASSWORD_SIGN_IN) {
      const mail = mailTemplates.ssoOnly(user.language, {
        name: user.firstName,
        url: `${env.PUBLIC_URL}${env.BASE_PATH}${paths.login}`,
        brand: env.BRAND_NAME,
        provider: env.OIDC_PROVIDER_NAME,
      });
      await enqueueMail(tx, { to: user.email, ...mail, kind: 'sso-only', language: user.language });
      return true;
    }
    await voidAuthTokens(tx, user.id, 'reset_password');
    const token = await issueAuthToken(tx, user.id, 'reset_password');
    const url = `${env.PUBLIC_URL}${env.BASE_PATH}${paths.resetPassword(token)}`;
    const mail = mailTemplates.resetPassword(user.language, {
      name: user.firstName,
      url,
      brand: env.BRAND_NAME,
    });
    await enqueueMail(tx, { to: user.email, ...mail, kind: 'reset-password', language: user.language });
    return true;
  });
}

/**
 * POST auth/password-reset/check: whether resetPassword would take the link (genuine, unexpired, unused, of an
 * active account), without using it, so the page can say at once that it no longer works.
 */
export async function isResetTokenUsable(db: Db, token: string): Promise<boolean> {
  const found = await findUsableAuthToken(db, token, 'reset_password');
  if (!found) return false;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, found.userId), eq(users.status, 'active')));
  return Boolean(user);
}

/**
 * POST auth/password-reset/confirmation: sets the new password through a genuine, unexpired, unused link and
 * ends every session of the account. A refused password leaves the link usable.
 */
export async function resetPassword(
  db: Db,
  env: Env,
  input: PasswordResetConfirmationRequest,
  ip?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const token = await consumeAuthToken(tx, input.token, 'reset_password');
    if (!token) throw new AppError('INVALID_TOKEN');
    const [user] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.id, token.userId), eq(users.status, 'active')));
    if (!user) throw new AppError('INVALID_TOKEN');
    const problem = passwordProblem(input.password, { ...user, brandName: env.BRAND_NAME });
    if (problem) throw fieldError('password', problem);
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
    await voidAuthTokens(tx, user.id, 'reset_password');
    await endAllSessions(tx, user.id);
    await recordAudit(tx, user, {
      kind: 'auth.password-reset',
      subject: { type: 'user', id: user.id, label: user.email },
      ip,
    });
  });
}
