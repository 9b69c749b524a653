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
import { type AuditActor, recordAudit } from '#app/features/audit/audit.ts';
import { issueAuthToken, voidAuthTokens } from '#app/features/auth/auth-tokens.ts';
import { enqueueMail } from '#app/mail/outbox.ts';
import { mailTemplates } from '#app/mail/templates.ts';
import { AppError, fieldError } from '#app/plugins/errors.ts';
import { type Actor, endAllSessions } from '#app/plugins/session.ts';
import { hashPassword } from '#app/security/password.ts';
import { randomToken } from '#app/security/tokens.ts';
import { getStaffAccount } from './staff-account-rows.ts';

/** Who changes a staff account, and from where (for the audit entry). */
export interface AdminContext {
  actor: Actor;
  ip: string | null;
}

const auditActor = (actor: Actor): AuditActor => ({ id: actor.id, email: actor.email });
const label = (row: { firstName: string; lastName: string; email: string }) =>
  `${row.firstName} ${row.lastName} <${row.email}>`;

/** The staff row, locked for the change; a customer's or an unknown id is NOT_FOUND. */
async function lockStaff(tx: Db, id: number) {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      language: users.language,
      status: users.status,
      emailConfirmedAt: users.emailConfirmedAt,
      lastLoginAt: users.lastLoginAt,
    })
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
function keepAnAdmin(admins: number[], target: StaffRow): void {
  if (admins.includes(target.id) && admins.length <= 1) throw new AppError('LAST_ADMIN');
}

/** Voids earlier links, issues a new one (24 h) and queues the e-mail in the person's language. */
async function sendSetPasswordLink(tx: Db, env: Env, row: StaffRow): Promise<void> {
  await voidAuthTokens(tx, row.id, 'set_password');
  const token = await issueAuthToken(tx, row.id, 'set_password');
  const url = `${env.PUBLIC_URL}${env.BASE_PATH}/set-password/${token}`;
  const mail = mailTemplates.setPassword(row.language, { name: row.firstName, url, brand: env.BRAND_NAME });
  await enqueueMail(tx, { to: row.email, ...mail, kind: 'set-password', language: row.language });
}

const staffAccount = async (db: Db, id: number): Promise<StaffAccount> => {
  const account = await getStaffAccount(db, id);
  if (!account) throw new AppError('NOT_FOUND');
  return account;
};

/**
 * POST api/admin/staff-accounts: an account without a usable password (a random one nobody knows), pending
 * until the person sets theirs through the e-mailed link. An e-mail address any account has (staff or customer)
 * is a field error; so is one taken by a registration committed in between.
 */
export async function createStaffAccount(
  db: Db,
  env: Env,
  { actor, ip }: AdminContext,
  input: StaffAccountCreate,
): Promise<StaffAccount> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(randomToken());
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        role: input.role,
        firstName: input.firstName,
        lastName: input.lastName,
        language: input.language,
        status: 'pending',
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) throw fieldError('email', 'form.email-taken');
    const row = await lockStaff(tx, created.id);
    await sendSetPasswordLink(tx, env, row);
    await recordAudit(tx, auditActor(actor), {
      kind: 'staff.created',
      subject: { type: 'user', id: row.id, label: label(row) },
      after: {
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        language: input.language,
        status: 'pending',
      },
      ip,
    });
    return row.id;
  });
  return staffAccount(db, id);
}

/** PUT api/admin/staff-accounts/{id}/role. Demoting the last active admin (oneself too) is LAST_ADMIN. */
export async function changeStaffRole(
  db: Db,
  { actor, ip }: AdminContext,
  id: number,
  role: StaffRole,
): Promise<StaffAccount> {
  await db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx, actor);
    const row = await lockStaff(tx, id);
    if (row.role === role) return;
    keepAnAdmin(admins, row);
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
    await recordAudit(tx, auditActor(actor), {
      kind: 'staff.role',
      subject: { type: 'user', id, label: label(row) },
      before: { role: row.role },
      after: { role },
      ip,
    });
  });
  return staffAccount(db, id);
}

/**
 * POST api/admin/staff-accounts/{id}/disable: users.status 'deactivated' (sign-in refused, as for a deactivated
 * customer), every session ended and any set-password link voided, at once. The last active admin: LAST_ADMIN.
 */
export async function disableStaffAccount(
  db: Db,
  { actor, ip }: AdminContext,
  id: number,
): Promise<StaffAccount> {
  await db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx, actor);
    const row = await lockStaff(tx, id);
    if (row.status === 'deactivated') return;
    keepAnAdmin(admins, row);
    await tx
      .update(users)
      .set({ status: 'deactivated', deactivatedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, id));
    const sessionsEnded = await endAllSessions(tx, id);
    await voidAuthTokens(tx, id, 'set_password');
    await recordAudit(tx, auditActor(actor), {
      kind: 'staff.disabled',
      subject: { type: 'user', id, label: label(row) },
      before: { status: row.status },
      after: { status: 'deactivated', sessionsEnded },
      ip,
    });
  });
  return staffAccount(db, id);
}

/**
 * POST api/admin/staff-accounts/{id}/enable: back to active, or to pending (invited) when the person never had a
 * password of their own (they then need a new link: the old one was voided when the account was disabled).
 */
export async function enableStaffAccount(
  db: Db,
  { actor, ip }: AdminContext,
  id: number,
): Promise<StaffAccount> {
  await db.transaction(async (tx) => {
    const row = await lockStaff(tx, id);
    if (row.status !== 'deactivated') return;
    // A password of their own: set through the link or the CLI (e-mail confirmed), or used to sign in.
    const hasPassword = row.emailConfirmedAt !== null || row.lastLoginAt !== null;
    const status = hasPassword ? 'active' : 'pending';
    await tx
      .update(users)
      .set({ status, deactivatedAt: null, updatedAt: new Date() })
      .where(eq(users.id, id));
    await recordAudit(tx, auditActor(actor), {
      kind: 'staff.enabled',
      subject: { type: 'user', id, label: label(row) },
      before: { status: row.status },
      after: { status },
      ip,
    });
  });
  return staffAccount(db, id);
}

/** POST api/admin/staff-accounts/{id}/sign-out: ends every session of the person (the caller's own too). */
export async function endStaffSessions(
  db: Db,
  { actor, ip }: AdminContext,
  id: number,
): Promise<StaffAccount> {
  await db.transaction(async (tx) => {
    const row = await lockStaff(tx, id);
    const ended = await endAllSessions(tx, id);
    await recordAudit(tx, auditActor(actor), {
      kind: 'staff.sessions-ended',
      subject: { type: 'user', id, label: label(row) },
      before: { activeSessions: ended },
      after: { activeSessions: 0 },
      ip,
    });
  });
  return staffAccount(db, id);
}

/**
 * POST api/admin/staff-accounts/{id}/set-password-link: a new link (24 h) voiding the earlier ones. A disabled
 * account gets none (CONFLICT): enable it first. For an active account the link sets a new password.
 */
export async function resendSetPasswordLink(
  db: Db,
  env: Env,
  { actor, ip }: AdminContext,
  id: number,
): Promise<StaffAccount> {
  await db.transaction(async (tx) => {
    const row = await lockStaff(tx, id);
    if (row.status === 'deactivated') throw new AppError('CONFLICT');
    await sendSetPasswordLink(tx, env, row);
    await recordAudit(tx, auditActor(actor), {
      kind: 'staff.link-sent',
      subject: { type: 'user', id, label: label(row) },
      after: { to: row.email, language: row.language },
      ip,
    });
  });
  return staffAccount(db, id);
}
