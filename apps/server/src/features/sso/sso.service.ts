import type { Language } from '@care/contract/locales';
import type { SsoErrorCode } from '@care/contract/sso';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { normalizeEmail } from '#app/db/normalize.ts';
import { userOidcIdentities } from '#app/db/schema/sso.ts';
import { users } from '#app/db/schema/users.ts';
import { publishUsersChanged } from '#app/events/event-bus.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { AppError } from '#app/plugins/errors.ts';
import { hashPassword } from '#app/security/password.ts';
import { randomToken } from '#app/security/tokens.ts';
import { roleForGroups, type SsoSettings } from './sso-settings.ts';

/** Who the provider vouched for, from the checked ID token and the userinfo answer. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  /** The group claim as the provider sent it. */
  groups: unknown;
}

export interface SsoContext {
  ip: string;
  language: Language;
}

/**
 * Signs a staff member in through the identity provider: finds the account by its identity (issuer + subject),
 * else links the staff account with the provider's verified e-mail, else creates one; the role follows the groups
 * at every sign-in. Never links or creates a customer account. Answers the account's id; refuses with an
 * SSO_* code, and then changes nothing but the audit entry of the refusal.
 */
export async function signInWithSso(
  db: Db,
  settings: SsoSettings,
  identity: SsoIdentity,
  context: SsoContext,
): Promise<number> {
  const role = roleForGroups(identity.groups, settings.roleGroups);
  const email = identity.email ? normalizeEmail(identity.email) : null;
  try {
    return await db.transaction(async (tx) => {
      if (!role) throw new AppError('SSO_NO_ROLE');
      const key = and(
        eq(userOidcIdentities.issuer, identity.issuer),
        eq(userOidcIdentities.subject, identity.subject),
      );
      const [linked] = await tx
        .select({ userId: userOidcIdentities.userId })
        .from(userOidcIdentities)
        .where(key);
      let account = linked ? await accountById(tx, linked.userId) : undefined;
      let created = false;
      if (!account) {
        // An e-mail the provider does not vouch for could name someone else's account.
        if (!email || !identity.emailVerified) throw new AppError('SSO_FAILED');
        account = await accountByEmail(tx, email);
        if (account) {
          const [other] = await tx
            .select({ subject: userOidcIdentities.subject })
            .from(userOidcIdentities)
            .where(eq(userOidcIdentities.userId, account.id));
          if (account.role === 'customer' || other) throw new AppError('SSO_ACCOUNT_CONFLICT');
        } else {
          account = await createStaffAccount(tx, email, role, identity, context.language);
          created = true;
        }
        await tx.insert(userOidcIdentities).values({
          issuer: identity.issuer,
          subject: identity.subject,
          userId: account.id,
        });
      }
      if (account.role === 'customer') throw new AppError('SSO_ACCOUNT_CONFLICT');
      if (account.status === 'deactivated') throw new AppError('SSO_ACCOUNT_DISABLED');
      const now = new Date();
      // A staff account an admin created and that never set its password: the provider has vouched for the e-mail.
      const activation =
        account.status === 'pending' ? { status: 'active' as const, emailConfirmedAt: now } : {};
      await tx
        .update(users)
        .set({ role, lastLoginAt: now, ...activation })
        .where(eq(users.id, account.id));
      await publishUsersChanged(tx, [account.id]);
      await tx.update(userOidcIdentities).set({ lastSignInAt: now }).where(key);
      await recordAudit(
        tx,
        { id: account.id, email: account.email },
        {
          kind: 'auth.sign-in',
          subject: { type: 'user', id: account.id, label: account.email },
          before: created ? null : { role: account.role, status: account.status },
          after: { method: 'sso', role, status: 'active', ...(created ? { accountCreated: true } : {}) },
          ip: context.ip,
        },
      );
      return account.id;
    });
  } catch (error) {
    if (error instanceof AppError && error.code.startsWith('SSO_')) {
      await recordRefusal(db, identity, email, error.code as SsoErrorCode, context.ip);
    }
    throw error;
  }
}

async function recordRefusal(
  db: Db,
  identity: SsoIdentity,
  email: string | null,
  reason: SsoErrorCode,
  ip: string,
): Promise<void> {
  await recordAudit(
    db,
    { id: null, email: 'system' },
    {
      kind: 'auth.sign-in-failed',
      subject: { type: 'user', id: email ?? identity.subject, label: email ?? identity.subject },
      after: { method: 'sso', issuer: identity.issuer, subject: identity.subject },
      reason,
      ip,
    },
  );
}

const accountColumns = { id: users.id, email: users.email, role: users.role, status: users.status };

async function accountById(tx: Db, id: number) {
  const [row] = await tx.select(accountColumns).from(users).where(eq(users.id, id)).for('update');
  return row;
}

async function accountByEmail(tx: Db, email: string) {
  const [row] = await tx.select(accountColumns).from(users).where(eq(users.email, email)).for('update');
  return row;
}

async function createStaffAccount(
  tx: Db,
  email: string,
  role: NonNullable<ReturnType<typeof roleForGroups>>,
  identity: SsoIdentity,
  language: Language,
) {
  const [row] = await tx
    .insert(users)
    .values({
      email,
      // No password anyone knows: the account signs in through the provider (or after a password reset).
      passwordHash: await hashPassword(randomToken()),
      role,
      firstName: identity.givenName,
      lastName: identity.familyName,
      language,
      status: 'active',
      emailConfirmedAt: new Date(),
    })
    .returning(accountColumns);
  return row!;
}
