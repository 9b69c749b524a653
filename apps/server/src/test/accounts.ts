import type { Language } from '@care/contract/locales';
import type { Role } from '@care/contract/statuses';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '#app/db/client.ts';
import { machines } from '#app/db/schema/machines.ts';
import { mailOutbox } from '#app/db/schema/outbox.ts';
import { rateLimitHits } from '#app/db/schema/rate-limits.ts';
import { type UserStatus, users } from '#app/db/schema/users.ts';
import { hashPassword } from '#app/security/password.ts';

/** Test data and requests for the account features: users, machines, sign-in, the outbox. */

export const PASSWORD = 'Kombajn-Zniwo-77';

export interface TestUser {
  email: string;
  password?: string;
  status?: UserStatus;
  role?: Role;
  firstName?: string;
  lastName?: string;
  language?: Language;
}

let hashOfPassword: Promise<string> | undefined;

/** Inserts a user directly (argon2 of the shared PASSWORD is computed once per worker). */
export async function insertUser(db: Db, user: TestUser): Promise<number> {
  hashOfPassword ??= hashPassword(PASSWORD);
  const [row] = await db
    .insert(users)
    .values({
      email: user.email,
      passwordHash: user.password ? await hashPassword(user.password) : await hashOfPassword,
      status: user.status ?? 'active',
      role: user.role ?? 'customer',
      firstName: user.firstName ?? 'Jan',
      lastName: user.lastName ?? 'Kowalski',
      language: user.language ?? 'pl',
    })
    .returning({ id: users.id });
  return row!.id;
}

export async function insertMachine(
  db: Db,
  serialNumber: string,
  ownerId: number | null = null,
): Promise<number> {
  const [row] = await db
    .insert(machines)
    .values({ serialNumber, name: 'Kombajn AM-500', ownerId })
    .returning({ id: machines.id });
  return row!.id;
}

export async function ownerOf(db: Db, serialNumber: string): Promise<number | null> {
  const [row] = await db
    .select({ ownerId: machines.ownerId })
    .from(machines)
    .where(eq(machines.serialNumber, serialNumber));
  return row?.ownerId ?? null;
}

export async function userByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Every test starts with fresh rate-limit windows unless it tests them. */
export async function clearRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimitHits);
}

/** The messages queued so far, oldest first, optionally only those to one address. */
export async function queuedMail(db: Db, to?: string) {
  const rows = await db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
  return to ? rows.filter((row) => row.toAddress === to) : rows;
}

export async function clearOutbox(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM ${mailOutbox}`);
}

/** The token of the link in a message: `/confirm/<token>/…` or `/reset-password/<token>`. */
export function tokenIn(text: string, route: 'confirm' | 'reset-password'): string {
  const match = new RegExp(`/${route}/([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error(`no ${route} link in: ${text}`);
  return match[1]!;
}

/** The `name=value` of the session cookie a response sets, for the next request's Cookie header. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('care_session') && c.value);
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

let ipCounter = 0;
/** A new client address, so one test's requests do not count against another's per-IP limits. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextIp() });
}

export async function signIn(
  app: FastifyInstance,
  username: string,
  password = PASSWORD,
  remember = false,
): Promise<LightMyRequestResponse> {
  return postJson(app, '/auth/login', { username, password, remember });
}

/** Signs in and answers the Cookie header value for the next requests. */
export async function cookieFor(
  app: FastifyInstance,
  username: string,
  password = PASSWORD,
): Promise<string> {
  return sessionCookieOf(await signIn(app, username, password));
}

/**
 * Rate limits count in fixed windows aligned to the clock; a test that fills a window waits when the current
 * one ends within `marginMs`, so that its requests cannot straddle two windows.
 */
export async function awayFromWindowEdge(windowMs: number, marginMs = 5000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** A valid SPEC §3 registration payload (POST auth/registration); `extra` overrides fields. */
export const registrationPayload = (
  email: string,
  machineNumber: string,
  extra: Record<string, unknown> = {},
) => ({
  personFirstName: 'Jan',
  personLastName: 'Kowalski',
  email,
  username: email,
  phone: '600 100 200',
  peselOrNip: '',
  machineNumber,
  password: 'Zielone-pole-2026',
  countryCode: '',
  zipCode: '',
  currencyCode: '',
  captchaResponse: '',
  rulesAgreementChecked: true,
  marketingAgreementChecked: false,
  ...extra,
});

/** A valid SPEC §3 B2C link payload (POST auth/registrationB2C); `extra` overrides fields. */
export const b2cPayload = (email: string, machineNumber: string, extra: Record<string, unknown> = {}) => ({
  email,
  username: email,
  password: 'Sklep-konto-2026',
  machineNumber,
  captchaResponse: '',
  rulesAgreementChecked: true,
  marketingAgreementChecked: true,
  personFirstName: '',
  personLastName: '',
  phone: '',
  peselOrNip: '',
  ...extra,
});
