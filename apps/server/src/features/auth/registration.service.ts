import { paths } from '@care/contract/pages';
import type {
  RegistrationB2CRequest,
  RegistrationConfirmationRequest,
  RegistrationConfirmationResponse,
  RegistrationRequest,
} from '@care/contract/auth';
import type { Language } from '@care/contract/locales';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { normalizeEmail, normalizeSerialNumber } from '#app/db/normalize.ts';
import { machines } from '#app/db/schema/machines.ts';
import { authTokens, type PendingRegistration } from '#app/db/schema/sessions.ts';
import { users } from '#app/db/schema/users.ts';
import { publishUsersChanged } from '#app/events/event-bus.ts';
import { enqueueMail } from '#app/mail/outbox.ts';
import { mailTemplates } from '#app/mail/templates.ts';
import { AppError, fieldError } from '#app/plugins/errors.ts';
import { hashPassword } from '#app/security/password.ts';
import { passwordProblem } from '#app/security/password-policy.ts';
import {
  type ConsumedToken,
  consumeAuthToken,
  endRegistrationTokens,
  issueAuthToken,
} from '#app/security/auth-tokens.ts';
import type { B2CStore } from './b2c-store.ts';

/** What both registrations create: a pending customer, confirmed by e-mail. */
interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  peselOrNip: string | null;
  machineNumber: string;
  marketingConsent: boolean;
  language: Language;
  b2cStoreCustomerId: string | null;
}

/** POST auth/registration (SPEC §3/§5; the contract schema has checked the fields). */
export async function register(
  db: Db,
  env: Env,
  input: RegistrationRequest,
  language: Language,
): Promise<void> {
  checkUsername(input.username, input.email);
  await registerAccount(db, env, {
    email: normalizeEmail(input.email),
    password: input.password,
    firstName: input.personFirstName,
    lastName: input.personLastName,
    phone: input.phone || null,
    peselOrNip: input.peselOrNip || null,
    machineNumber: input.machineNumber,
    marketingConsent: input.marketingAgreementChecked,
    language,
    b2cStoreCustomerId: null,
  });
}

/** POST auth/registrationB2C: the store must know the e-mail and password; then as a normal registration. */
export async function registerB2C(
  db: Db,
  env: Env,
  store: B2CStore,
  input: RegistrationB2CRequest,
  language: Language,
): Promise<void> {
  checkUsername(input.username, input.email);
  const email = normalizeEmail(input.email);
  checkPassword(input.password, { email });
  await findFreeMachine(db, input.machineNumber);
  const account = await store.verifyStoreAccount(email, input.password);
  if (!account) throw fieldError('password', 'form.store-account-not-found');
  await registerAccount(db, env, {
    email,
    password: input.password,
    firstName: '',
    lastName: '',
    phone: null,
    peselOrNip: null,
    machineNumber: input.machineNumber,
    marketingConsent: input.marketingAgreementChecked,
    language,
    b2cStoreCustomerId: account.storeCustomerId,
  });
}

function checkUsername(username: string, email: string): void {
  if (normalizeEmail(username) !== normalizeEmail(email)) throw fieldError('username', 'form.wrong-username');
}

function checkPassword(password: string, context: Parameters<typeof passwordProblem>[1]): void {
  const problem = passwordProblem(password, context);
  if (problem) throw fieldError('password', problem);
}

/**
 * The machine must be in the maker's register and nobody's yet. An unknown and a taken number get the same field
 * error, so the form does not tell strangers which serial numbers are registered (its text covers both cases).
 */
async function findFreeMachine(db: Db, machineNumber: string): Promise<number> {
  const [machine] = await db
    .select({ id: machines.id, ownerId: machines.ownerId })
    .from(machines)
    .where(eq(machines.serialNumber, normalizeSerialNumber(machineNumber)))
    .limit(1);
  if (!machine || machine.ownerId !== null) throw fieldError('machineNumber', 'form.machine-number-unknown');
  return machine.id;
}

/**
 * Creates the pending account and e-mails a confirmation link, in one transaction. Each registration's data
 * (password hash, names, consent, store link) travels with its own link: registering an address that is still
 * pending leaves the account as it is and sends a further link that only activates what that registration entered.
 * Whichever link the mailbox owner opens stands, and voids the others. When the e-mail already belongs to a
 * confirmed or deactivated account, the answer is the same and its owner gets an "already registered" notice
 * instead: nobody learns from the answer whether an address is registered or pending.
 */
async function registerAccount(db: Db, env: Env, account: NewAccount): Promise<void> {
  checkPassword(account.password, {
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    brandName: env.BRAND_NAME,
  });
  // Before any lookup, so that the "already registered" path costs the same time as a new account.
  const passwordHash = await hashPassword(account.password);
  await db.transaction(async (tx) => {
    const machineId = await findFreeMachine(tx, account.machineNumber);
    const [existing] = await tx
      .select({
        id: users.id,
        status: users.status,
        role: users.role,
        email: users.email,
        firstName: users.firstName,
        language: users.language,
      })
      .from(users)
      .where(eq(users.email, account.email))
      .for('update');
    // A staff account waiting for its first password (issue 15) is pending too, but never a registration's to take.
    if (existing && (existing.status !== 'pending' || existing.role !== 'customer'))
      return notifyExistingOwner(tx, env, existing);
    if (account.b2cStoreCustomerId) {
      const [linked] = await tx
        .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(eq(users.b2cStoreCustomerId, account.b2cStoreCustomerId));
      if (linked && linked.id !== existing?.id) return notifyExistingOwner(tx, env, linked);
    }

    const registration: PendingRegistration = {
      passwordHash,
      firstName: account.firstName,
      lastName: account.lastName,
      phone: account.phone,
      peselOrNip: account.peselOrNip,
      language: account.language,
      marketingConsent: account.marketingConsent,
      b2cStoreCustomerId: account.b2cStoreCustomerId,
      registeredAt: new Date().toISOString(),
    };
    let userId = existing?.id;
    if (!userId) {
      const [created] = await tx
        .insert(users)
        .values({
          ...accountValues(registration),
          email: account.email,
          role: 'customer',
          status: 'pending',
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      // Another registration of this address committed in between: it wins, this one ends like a success.
      if (!created) return;
      userId = created.id;
    }

    await sendConfirmationLink(tx, env, {
      userId,
      email: account.email,
      firstName: account.firstName,
      language: account.language,
      machineId,
      registration,
    });
  });
}

/** Issues a confirmation link carrying this registration and queues its e-mail (in the caller's transaction). */
async function sendConfirmationLink(
  tx: Db,
  env: Env,
  link: {
    userId: number;
    email: string;
    firstName: string;
    language: Language;
    machineId: number | null;
    registration: PendingRegistration | null;
  },
): Promise<void> {
  const token = await issueAuthToken(
    tx,
    link.userId,
    'confirm_registration',
    link.machineId,
    link.registration,
  );
  const url = `${env.PUBLIC_URL}${env.BASE_PATH}${paths.confirm(token, link.email)}`;
  const mail = mailTemplates.confirmRegistration(link.language, {
    name: link.firstName,
    url,
    brand: env.BRAND_NAME,
  });
  await enqueueMail(tx, { to: link.email, ...mail, kind: 'confirm-registration', language: link.language });
}

/**
 * A new confirmation link for a pending account (an admin's resend, issue 15), carrying what the newest
 * registration entered and its machine, as if the customer had registered again. Earlier links stay valid until
 * they expire, as after a second registration; whichever is opened first stands. Run in the caller's transaction.
 */
export async function resendConfirmationLink(
  tx: Db,
  env: Env,
  user: { id: number; email: string; firstName: string; language: Language },
): Promise<void> {
  const [newest] = await tx
    .select({ machineId: authTokens.machineId, registration: authTokens.registration })
    .from(authTokens)
    .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, 'confirm_registration')))
    .orderBy(desc(authTokens.id))
    .limit(1);
  const registration = newest?.registration ?? null;
  await sendConfirmationLink(tx, env, {
    userId: user.id,
    email: user.email,
    firstName: registration?.firstName || user.firstName,
    language: registration?.language ?? user.language,
    machineId: newest?.machineId ?? null,
    registration,
  });
}

/** The users columns a registration sets, from what it entered. */
function accountValues(registration: PendingRegistration) {
  const registeredAt = new Date(registration.registeredAt);
  return {
    passwordHash: registration.passwordHash,
    firstName: registration.firstName,
    lastName: registration.lastName,
    phone: registration.phone,
    peselOrNip: registration.peselOrNip,
    language: registration.language,
    marketingConsent: registration.marketingConsent,
    marketingConsentAt: registration.marketingConsent ? registeredAt : null,
    rulesAcceptedAt: registeredAt,
    b2cStoreCustomerId: registration.b2cStoreCustomerId,
  };
}

async function notifyExistingOwner(
  db: Db,
  env: Env,
  owner: { email: string; firstName: string; language: Language },
): Promise<void> {
  const url = `${env.PUBLIC_URL}${env.BASE_PATH}${paths.login}`;
  const mail = mailTemplates.alreadyRegistered(owner.language, {
    name: owner.firstName,
    url,
    brand: env.BRAND_NAME,
  });
  await enqueueMail(db, { to: owner.email, ...mail, kind: 'already-registered', language: owner.language });
}

/**
 * POST auth/registration/confirmation: activates the account of a genuine, unexpired, unused link whose
 * e-mail matches, with the data of the registration that sent this link, voids the other registrations' links,
 * and links the machine named at registration if it is still nobody's.
 */
export async function confirmRegistration(
  db: Db,
  input: RegistrationConfirmationRequest,
): Promise<RegistrationConfirmationResponse> {
  return db.transaction(async (tx) => {
    const token = await consumeAuthToken(tx, input.id, 'confirm_registration');
    if (!token) throw new AppError('INVALID_TOKEN');
    const registration = token.registration ? await claimableRegistration(tx, token) : {};
    const [user] = await tx
      .update(users)
      .set({ ...registration, status: 'active', emailConfirmedAt: new Date() })
      .where(
        and(
          eq(users.id, token.userId),
          eq(users.email, normalizeEmail(input.username)),
          eq(users.status, 'pending'),
        ),
      )
      .returning({ id: users.id });
    // Throwing rolls the transaction back, so a link opened with a wrong e-mail stays usable.
    if (!user) throw new AppError('INVALID_TOKEN');
    await publishUsersChanged(tx, [user.id]);
    await endRegistrationTokens(tx, user.id);
    if (token.machineId === null) return { machineLinked: false };
    const linked = await tx
      .update(machines)
      .set({ ownerId: user.id, ownedSince: sql`now()` })
      .where(and(eq(machines.id, token.machineId), isNull(machines.ownerId)))
      .returning({ id: machines.id });
    return { machineLinked: linked.length > 0 };
  });
}

/**
 * The users columns the link's registration sets. Its store account may have been linked to another account
 * since (that account was confirmed first): then this account is activated without the store link.
 */
async function claimableRegistration(db: Db, token: ConsumedToken) {
  const values = accountValues(token.registration!);
  if (!values.b2cStoreCustomerId) return values;
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.b2cStoreCustomerId, values.b2cStoreCustomerId), ne(users.id, token.userId)));
  return holder ? { ...values, b2cStoreCustomerId: null } : values;
}
