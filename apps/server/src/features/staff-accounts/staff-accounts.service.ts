import { paths } from '@care/contract/pages';
import {
  STAFF_ROLES,
  type StaffAccount,
  type StaffAccountCreate,
  type StaffRole,
} from '@care/contract/staff-accounts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { normalizeEmail } from '#app/db/normalize.ts';
import { users } from '#app/db/schema/users.ts';
import { type AuditChange, recordAudit } from '#app/audit/audit.ts';
import { issueAuthToken, voidAuthTokens } from '#app/security/auth-tokens.ts';
import { enqueueMail } from '#app/mail/outbox.ts';
import { mailTemplates } from '#app/mail/templates.ts';
import { AppError, fieldError } from '#app/plugins/errors.ts';
import { type Actor, endAllSessions } from '#app/plugins/session.ts';
import { publishUsersChanged } from '#app/events/event-bus.ts';
import { hashPassword } from '#app/security/password.ts';
import { randomToken } from '#app/security/tokens.ts';
import { getStaffAccount, staffColumns } from './staff-account-rows.ts';

/** Who changes a staff account, and from where (for the audit entry). */
export interface AdminContext {
  actor: Actor;
  ip: string | null;
}

/** The staff row, locked for the change; a customer's or an unknown id is NOT_FOUND. */
async function lockStaff(tx: Db, id: number) {
  const [row] = await tx
    .select({ ...staffColumns, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...STAFF_ROLES])))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
type StaffRow = Awaited<ReturnType<typeof lockStaff>>;

/**
 * Locks the active admins' rows (in id order) before the target's row, in every change that can take an admin
 * away: two such changes then queue up instead of deadlocking, and of two admins demoting each other at once the
 * second re-reads the rows after the first commits and finds one admin left. The caller must still be one.
 */
async function lockActiveAdmins(tx: Db, actor: Actor): Promise<number[]> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .for('update');
  const ids = admins.map((admin) => admin.id);
  if (!ids.includes(actor.id)) throw new AppError('FORBIDDEN');
  return ids;
}

/** Refuses a change that would leave no active admin. */
function keepAnAdmin(admins: number[] | null, target: StaffRow): void {
  if (admins?.includes(target.id) && admins.length <= 1) throw new AppError('LAST_ADMIN');
}

/** What a change did, for its audit entry; null when there was nothing to change. */
type Change = AuditChange | null;

/** The audit entry of a change, in its transaction. */
async function audit(tx: Db, { actor, ip }: AdminContext, row: StaffRow, change: NonNullable<Change>) {
  const label = `${row.firstName} ${row.lastName} <${row.email}>`;
  await recordAudit(
    tx,
    { id: actor.id, email: actor.email },
    { ...change, subject: { type: 'user', id: row.id, label }, ip },
  );
}

async function accountOf(db: Db, id: number): Promise<StaffAccount> {
  const account = await getStaffAccount(db, id);
  if (!account) throw new AppError('NOT_FOUND');
  return account;
}

/**
 * One change of a staff account in one transaction: (the admins locked,) the row locked, the change, its audit
 * entry. Answers the account as it is afterwards.
 */
async function changeStaff(
  db: Db,
  context: AdminContext,
  id: number,
  change: (tx: Db, row: StaffRow, admins: number[] | null) => Promise<Change>,
  { mayRemoveAnAdmin = false } = {},
): Promise<StaffAccount> {
  await db.transaction(async (tx) => {
    const admins = mayRemoveAnAdmin ? await lockActiveAdmins(tx, context.actor) : null;
    const row = await lockStaff(tx, id);
    const done = await change(tx, row, admins);
    if (done) await audit(tx, context, row, done);
  });
  return accountOf(db, id);
}

/** Voids earlier links, issues a new one (24 h) and queues the e-mail in the person's language. */
async function sendSetPasswordLink(tx: Db, env: Env, row: StaffRow): Promise<void> {
  await voidAuthTokens(tx, row.id, 'set_password');
  const token = await issueAuthToken(tx, row.id, 'set_password');
  const url = `${env.PUBLIC_URL}${env.BASE_PATH}${paths.setPassword(token)}`;
  const mail = mailTemplates.setPassword(row.language, { name: row.firstName, url, brand: env.BRAND_NAME });
  await enqueueMail(tx, { to: row.email, ...mail, kind: 'set-password', language: row.language });
}

/**
 * POST api/admin/staff-accounts: an account without a usable password (a random one nobody knows), pending
 * until the person sets theirs through the e-mailed link. An e-mail address any account has (staff or customer)
 * is a field error; so is one taken by a registration committed in between.
 */
export async function createStaffAccount(
  db: Db,
  env: Env,
  context: AdminContext,
  input: StaffAccountCreate,
): Promise<StaffAccount> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(randomToken());
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ ...input, email, passwordHash, status: 'pending' })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) throw fieldError('email', 'form.email-taken');
    const row = await lockStaff(tx, created.id);
    await sendSetPasswordLink(tx, env, row);
    await audit(tx, context, row, { kind: 'staff.created', after: { ...input, email, status: 'pending' } });
    return row.id;
  });
  return accountOf(db, id);
}

/** PUT api/admin/staff-accounts/{id}/role. Demoting the last active admin (oneself too) is LAST_ADMIN. */
export function changeStaffRole(db: Db, context: AdminContext, id: number, role: StaffRole) {
  return changeStaff(
    db,
    context,
    id,
    async (tx, row, admins) => {
      if (row.role === role) return null;
      keepAnAdmin(admins, row);
      await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
      await publishUsersChanged(tx, [id]);
      return { kind: 'staff.role', before: { role: row.role }, after: { role } };
    },
    { mayRemoveAnAdmin: true },
  );
}

/**
 * POST api/admin/staff-accounts/{id}/disable: users.status 'deactivated' (sign-in refused, as for a deactivated
 * customer), every session ended and any set-password link voided, at once. The last active admin: LAST_ADMIN.
 */
export function disableStaffAccount(db: Db, context: AdminContext, id: number) {
  return changeStaff(
    db,
    context,
    id,
    async (tx, row, admins) => {
      if (row.status === 'deactivated') return null;
      keepAnAdmin(admins, row);
      await tx
        .update(users)
        .set({ status: 'deactivated', deactivatedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, id));
      await publishUsersChanged(tx, [id]);
      const sessionsEnded = await endAllSessions(tx, id);
      await voidAuthTokens(tx, id, 'set_password');
      const after = { status: 'deactivated', sessionsEnded };
      return { kind: 'staff.disabled', before: { status: row.status }, after };
    },
    { mayRemoveAnAdmin: true },
  );
}

/**
 * POST api/admin/staff-accounts/{id}/enable: back to active, or to pending (invited) when the person never had a
 * password of their own (they then need a new link: the old one was voided when the account was disabled).
 */
export function enableStaffAccount(db: Db, context: AdminContext, id: number) {
  return changeStaff(db, context, id, async (tx, row) => {
    if (row.status !== 'deactivated') return null;
    // A password of their own: set through the link or the CLI (e-mail confirmed), or used to sign in.
    const hasPassword = row.emailConfirmedAt !== null || row.lastLoginAt !== null;
    const status = hasPassword ? 'active' : 'pending';
    await tx
      .update(users)
      .set({ status, deactivatedAt: null, updatedAt: new Date() })
      .where(eq(users.id, id));
    await publishUsersChanged(tx, [id]);
    return { kind: 'staff.enabled', before: { status: row.status }, after: { status } };
  });
}

/** POST api/admin/staff-accounts/{id}/sign-out: ends every session of the person (the caller's own too). */
export function endStaffSessions(db: Db, context: AdminContext, id: number) {
  return changeStaff(db, context, id, async (tx) => {
    const ended = await endAllSessions(tx, id);
    return { kind: 'staff.sessions-ended', before: { activeSessions: ended }, after: { activeSessions: 0 } };
  });
}

/**
 * POST api/admin/staff-accounts/{id}/set-password-link: a new link (24 h) voiding the earlier ones. A disabled
 * account gets none (CONFLICT): enable it first. For an active account the link sets a new password.
 */
export function resendSetPasswordLink(db: Db, env: Env, context: AdminContext, id: number) {
  return changeStaff(db, context, id, async (tx, row) => {
    if (row.status === 'deactivated') throw new AppError('CONFLICT');
    await sendSetPasswordLink(tx, env, row);
    return { kind: 'staff.link-sent', after: { to: row.email, language: row.language } };
  });
}
