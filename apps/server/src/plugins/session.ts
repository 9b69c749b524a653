import { AUTHORITIES } from '@care/contract/limits';
import type { Language } from '@care/contract/locales';
import type { SecondFactorStep } from '@care/contract/mfa';
import type { Role } from '@care/contract/statuses';
import { and, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { publishSessionsEnded } from '#app/events/event-bus.ts';
import { sessions } from '#app/db/schema/sessions.ts';
import { users } from '#app/db/schema/users.ts';
import { randomToken, sha256Hex } from '#app/security/tokens.ts';
import { AppError } from './errors.ts';

/** The signed-in person behind a request; every service function takes it as its first argument after db. */
export interface Actor {
  id: number;
  sessionId: number;
  /** When the session expires unless it is used again (idle) or at the latest (absolute): open streams end then. */
  sessionExpiresAt: Date;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  language: Language;
  authorities: string[];
}

/** A session with the password but without the second factor yet (features/mfa): not signed in for other routes. */
export interface PendingActor {
  actor: Actor;
  step: SecondFactorStep;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    pendingSecondFactor: PendingActor | null;
  }
}

/** Authorities every staff role has; customers get env CUSTOMER_AUTHORITIES (SPEC §6). */
export const STAFF_AUTHORITIES: Record<Exclude<Role, 'customer'>, readonly string[]> = {
  service: [AUTHORITIES.viewCatalog],
  sales: [AUTHORITIES.viewCatalog],
  admin: [AUTHORITIES.viewCatalog],
};

/** The role's authorities plus those granted to the user (users.authorities), without duplicates. */
export function authoritiesOf(env: Env, role: Role, granted: readonly string[]): string[] {
  const byRole = role === 'customer' ? env.CUSTOMER_AUTHORITIES : STAFF_AUTHORITIES[role];
  return [...new Set([...byRole, ...granted])];
}

export function cookieName(env: Env): string {
  // __Host- binds the cookie to this exact host over HTTPS with Path=/ (no sub-domain can set or read it).
  return env.NODE_ENV === 'production' ? '__Host-care_session' : 'care_session';
}

interface Lifetimes {
  idleMs: number;
  absoluteMs: number;
}

/** A remember-me session lives SESSION_REMEMBER_DAYS with no shorter idle limit (docs/decisions/008). */
export function lifetimes(env: Env, remember: boolean): Lifetimes {
  if (remember) {
    const ms = env.SESSION_REMEMBER_DAYS * 86_400_000;
    return { idleMs: ms, absoluteMs: ms };
  }
  return { idleMs: env.SESSION_IDLE_MINUTES * 60_000, absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000 };
}

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** Starts a new session (a new token at every sign-in) and sets its cookie; answers the session's id. */
export async function startSession(
  db: Db,
  env: Env,
  reply: FastifyReply,
  userId: number,
  remember: boolean,
  meta: SessionMeta,
): Promise<number> {
  const token = randomToken();
  const { idleMs, absoluteMs } = lifetimes(env, remember);
  const now = Date.now();
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: sha256Hex(token),
      remember,
      idleExpiresAt: new Date(now + idleMs),
      expiresAt: new Date(now + absoluteMs),
      userAgent: meta.userAgent?.slice(0, 400) ?? null,
      ip: meta.ip ?? null,
    })
    .returning({ id: sessions.id });
  reply.log.info({ security: 'session-started', userId, remember }, 'security event');
  reply.setCookie(cookieName(env), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env.NODE_ENV === 'production',
    ...(remember ? { maxAge: Math.floor(absoluteMs / 1000) } : {}),
  });
  return session!.id;
}

export function clearSessionCookie(env: Env, reply: FastifyReply): void {
  reply.clearCookie(cookieName(env), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env.NODE_ENV === 'production',
  });
}

/*
 * Every way a session ends goes through the functions below: each removes the rows and tells every instance
 * (events/event-bus.ts publishSessionsEnded, on commit) to end the event streams opened with them, so nothing
 * reaches a browser of an ended session (docs/decisions/036). Expiry needs no message: a stream watches its
 * session's expiry itself (events/event-stream.ts).
 */
const ended = async (db: Db, rows: { id: number }[]): Promise<number> => {
  await publishSessionsEnded(
    db,
    rows.map((row) => row.id),
  );
  return rows.length;
};

export async function endSession(db: Db, sessionId: number): Promise<void> {
  await ended(db, await db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ id: sessions.id }));
}

/** Ends the session a cookie names, whether or not it is still valid (sign-out, a new sign-in). */
export async function endSessionByToken(db: Db, token: string): Promise<void> {
  await ended(
    db,
    await db
      .delete(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(token)))
      .returning({ id: sessions.id }),
  );
}

/** The session token a request carries, if any. */
export function sessionToken(env: Env, request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(env)] || undefined;
}

/** Housekeeping: expired sessions can never be used again, so their rows go. */
export async function removeExpiredSessions(db: Db): Promise<number> {
  const now = new Date();
  const removed = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), lte(sessions.idleExpiresAt, now)))
    .returning({ id: sessions.id });
  return removed.length;
}

/**
 * Ends every session of a user (password change or reset, deactivation, the CLI), except `keepSessionId` if
 * given; answers how many ended.
 */
export async function endAllSessions(db: Db, userId: number, keepSessionId?: number): Promise<number> {
  return ended(
    db,
    await db
      .delete(sessions)
      .where(
        keepSessionId === undefined
          ? eq(sessions.userId, userId)
          : and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`),
      )
      .returning({ id: sessions.id }),
  );
}

/** Ends every session of every user (the CLI's end-sessions --all); answers how many ended. */
export async function endEverySession(db: Db): Promise<number> {
  return ended(db, await db.delete(sessions).returning({ id: sessions.id }));
}

/**
 * Of these sessions, the valid ones (not expired, their user active) with when each expires at the earliest
 * (idle or absolute): an open event stream ends then unless the session was used meanwhile.
 */
export async function sessionExpiries(db: Db, sessionIds: number[]): Promise<Map<number, Date>> {
  if (sessionIds.length === 0) return new Map();
  const now = new Date();
  const rows = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt, idleExpiresAt: sessions.idleExpiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, sessionIds),
        gt(sessions.expiresAt, now),
        gt(sessions.idleExpiresAt, now),
        eq(users.status, 'active'),
      ),
    );
  return new Map(
    rows.map((row) => [row.id, row.expiresAt < row.idleExpiresAt ? row.expiresAt : row.idleExpiresAt]),
  );
}

/** Why a request has no actor: no session, or one that still needs its second factor (403 with the step). */
function notSignedIn(request: FastifyRequest): AppError {
  const step = request.pendingSecondFactor?.step;
  if (step === 'verify') return new AppError('SECOND_FACTOR_REQUIRED');
  if (step === 'setup') return new AppError('SECOND_FACTOR_SETUP_REQUIRED');
  return new AppError('UNAUTHENTICATED');
}

/** A check of who is asking (signed in, role, authority) that reads nothing of the request but its session. */
export type AccessGuard = (request: FastifyRequest) => Promise<void>;

/** Route guard: a signed-in user. */
export const requireUser: AccessGuard = async (request: FastifyRequest): Promise<void> => {
  if (!request.actor) throw notSignedIn(request);
};

/** Route guard: a signed-in user with one of the roles. */
export function requireRole(...roles: Role[]): AccessGuard {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.actor) throw notSignedIn(request);
    if (!roles.includes(request.actor.role)) throw new AppError('FORBIDDEN');
  };
}

/** Route guard: a signed-in user holding the authority (SPEC §6: the server enforces what the UI hides). */
export function requireAuthority(authority: string): AccessGuard {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.actor) throw notSignedIn(request);
    if (!request.actor.authorities.includes(authority)) throw new AppError('FORBIDDEN');
  };
}

/** Route guard: anyone without a session; a signed-in user only with the authority (the catalogue, SPEC §1). */
export function authorityWhenSignedIn(authority: string): AccessGuard {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.actor && !request.actor.authorities.includes(authority)) throw new AppError('FORBIDDEN');
  };
}

/** Route guard of auth/second-factor: a session that has the password and waits for the second factor. */
export const requireVerifyStep: AccessGuard = async (request: FastifyRequest): Promise<void> => {
  if (request.pendingSecondFactor?.step !== 'verify') throw new AppError('UNAUTHENTICATED');
};

/**
 * Route guard of the account's own second-factor settings: a signed-in user, or a staff session held to set up
 * a second factor (the only thing it may do besides signing out).
 */
export const requireUserOrSetupStep: AccessGuard = async (request: FastifyRequest): Promise<void> => {
  if (request.actor || request.pendingSecondFactor?.step === 'setup') return;
  if (request.pendingSecondFactor) throw new AppError('SECOND_FACTOR_REQUIRED');
  throw new AppError('UNAUTHENTICATED');
};

/** The actor of a guarded route (the guard ran, so it is there). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw notSignedIn(request);
  return request.actor;
}
