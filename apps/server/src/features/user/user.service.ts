import type {
  Address,
  ChangePasswordRequest,
  DeactivationRequest,
  ExtendedUser,
  UserDetails,
  UserDetailsUpdateSchema,
} from '@care/contract/user';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { authTokens } from '#app/db/schema/sessions.ts';
import { userAddresses, users } from '#app/db/schema/users.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { fieldError, notFound } from '#app/plugins/errors.ts';
import { type Actor, endAllSessions } from '#app/plugins/session.ts';
import { publishUsersChanged } from '#app/events/event-bus.ts';
import { userColumns } from '#app/db/signed-in-user.ts';
import { hashPassword, verifyPassword } from '#app/security/password.ts';
import { passwordProblem } from '#app/security/password-policy.ts';

/** GET api/user/extended-details. */
export async function getExtendedUser(db: Db, actor: Actor): Promise<ExtendedUser> {
  const [row] = await db
    .select({
      ...userColumns,
      phone: users.phone,
      peselOrNip: users.peselOrNip,
      marketingConsent: users.marketingConsent,
      b2cStoreCustomerId: users.b2cStoreCustomerId,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!row) throw notFound();
  const { b2cStoreCustomerId, ...user } = row;
  return {
    ...user,
    id: String(user.id),
    phone: user.phone ?? '',
    peselOrNip: user.peselOrNip ?? '',
    linkedStoreAccount: b2cStoreCustomerId !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

const detailColumns = {
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  peselOrNip: users.peselOrNip,
  language: users.language,
};

function toDetails(
  row: Omit<UserDetails, 'phone' | 'peselOrNip'> & { phone: string | null; peselOrNip: string | null },
): UserDetails {
  return { ...row, phone: row.phone ?? '', peselOrNip: row.peselOrNip ?? '' };
}

/** GET api/user/details. */
export async function getDetails(db: Db, actor: Actor): Promise<UserDetails> {
  const [row] = await db.select(detailColumns).from(users).where(eq(users.id, actor.id));
  if (!row) throw notFound();
  return toDetails(row);
}

/** PUT api/user/details: names, phone ('' removes it), PESEL/NIP and language (both kept when left out). */
export async function updateDetails(
  db: Db,
  actor: Actor,
  input: z.output<typeof UserDetailsUpdateSchema>,
): Promise<UserDetails> {
  const [row] = await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone || null,
      ...(input.peselOrNip === undefined ? {} : { peselOrNip: input.peselOrNip || null }),
      ...(input.language === undefined ? {} : { language: input.language }),
    })
    .where(eq(users.id, actor.id))
    .returning(detailColumns);
  if (!row) throw notFound();
  await publishUsersChanged(db, [actor.id]);
  return toDetails(row);
}

const EMPTY_ADDRESS: Address = {
  companyName: '',
  street: '',
  houseNumber: '',
  apartmentNumber: '',
  postalCode: '',
  city: '',
  countryCode: 'PL',
};

const addressColumns = {
  companyName: userAddresses.companyName,
  street: userAddresses.street,
  houseNumber: userAddresses.houseNumber,
  apartmentNumber: userAddresses.apartmentNumber,
  postalCode: userAddresses.postalCode,
  city: userAddresses.city,
  countryCode: userAddresses.countryCode,
};

/** GET api/user/address: the saved address, or an empty one (country PL) before the first save. */
export async function getAddress(db: Db, actor: Actor): Promise<Address> {
  const [row] = await db.select(addressColumns).from(userAddresses).where(eq(userAddresses.userId, actor.id));
  return row
    ? { ...row, companyName: row.companyName ?? '', apartmentNumber: row.apartmentNumber ?? '' }
    : EMPTY_ADDRESS;
}

/** PUT api/user/address: creates or replaces the address. */
export async function updateAddress(db: Db, actor: Actor, input: Address): Promise<Address> {
  const values = {
    ...input,
    companyName: input.companyName || null,
    apartmentNumber: input.apartmentNumber || null,
  };
  await db
    .insert(userAddresses)
    .values({ userId: actor.id, ...values })
    .onConflictDoUpdate({ target: userAddresses.userId, set: { ...values, updatedAt: new Date() } });
  return getAddress(db, actor);
}

async function passwordHashOf(db: Db, actor: Actor) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!row) throw notFound();
  return row;
}

/**
 * PUT api/user/password (SPEC §5): the old password must be right and the new one different and not common.
 * Every other session of the account ends; this one stays signed in.
 */
export async function changePassword(
  db: Db,
  env: Env,
  actor: Actor,
  input: ChangePasswordRequest,
  ip?: string,
): Promise<void> {
  const user = await passwordHashOf(db, actor);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword)))
    throw fieldError('oldPassword', 'form.password-incorrect');
  if (input.newPassword === input.oldPassword) throw fieldError('newPassword', 'form.password-same-as-old');
  const problem = passwordProblem(input.newPassword, {
    ...user,
    email: actor.email,
    brandName: env.BRAND_NAME,
  });
  if (problem) throw fieldError('newPassword', problem);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, actor.id));
    await voidUnusedTokens(tx, actor.id);
    const ended = await endAllSessions(tx, actor.id, actor.sessionId);
    await recordAudit(tx, actor, {
      kind: 'auth.password-changed',
      subject: { type: 'user', id: actor.id, label: actor.email },
      after: { otherSessionsEnded: ended },
      ip,
    });
  });
}

/**
 * POST api/user/deactivation, confirmed with the password: the account can no longer sign in or reset its
 * password, every session ends, and the data stays (machines, service requests) for the maker's records.
 */
export async function deactivateAccount(
  db: Db,
  actor: Actor,
  input: DeactivationRequest,
  ip?: string,
): Promise<void> {
  const user = await passwordHashOf(db, actor);
  if (!(await verifyPassword(user.passwordHash, input.password)))
    throw fieldError('password', 'form.password-incorrect');
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ status: 'deactivated', deactivatedAt: new Date() })
      .where(eq(users.id, actor.id));
    await publishUsersChanged(tx, [actor.id]);
    await voidUnusedTokens(tx, actor.id);
    await endAllSessions(tx, actor.id);
    await recordAudit(tx, actor, {
      kind: 'auth.deactivated',
      subject: { type: 'user', id: actor.id, label: actor.email },
      before: { status: 'active' },
      after: { status: 'deactivated' },
      ip,
    });
  });
}

/** An e-mailed reset link sent before a password change or deactivation must not work afterwards. */
async function voidUnusedTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
}
