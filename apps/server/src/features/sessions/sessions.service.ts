import type { Session } from '@care/contract/sessions';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { sessions } from '#app/db/schema/sessions.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { AppError, notFound } from '#app/plugins/errors.ts';
import { type Actor, endAllSessions, endSession } from '#app/plugins/session.ts';
import { deviceOf } from './device.ts';

/** More than anyone has; a list this long means something is wrong, and the page need not show it all. */
const MAX_LISTED = 100;

const validSessionsOf = (userId: number) => {
  const now = new Date();
  return and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.idleExpiresAt, now));
};

/** GET api/user/sessions: the actor's valid sessions, this one first, then the most recently used. */
export async function listSessions(db: Db, actor: Actor): Promise<Session[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(validSessionsOf(actor.id))
    .orderBy(desc(sql`${sessions.id} = ${actor.sessionId}`), desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(MAX_LISTED);
  return rows.map((row) => ({
    id: String(row.id),
    ...deviceOf(row.userAgent),
    ip: row.ip,
    signedInAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastSeenAt.toISOString(),
    current: row.id === actor.sessionId,
  }));
}

/**
 * DELETE api/user/sessions/{id}: ends one other session of the actor. Another user's session, or one that has
 * already ended, is 404 (the same answer, so ids tell nothing); the current one is ended by signing out.
 */
export async function endOwnSession(db: Db, actor: Actor, sessionId: number, ip: string): Promise<number> {
  if (sessionId === actor.sessionId) throw new AppError('SESSION_IS_CURRENT');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: sessions.id, userAgent: sessions.userAgent, ip: sessions.ip })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), validSessionsOf(actor.id)))
      .for('update');
    if (!row) throw notFound();
    await endSession(tx, row.id);
    await audit(tx, actor, [row], ip);
    return 1;
  });
}

/** POST api/user/sessions/end-others: ends every session of the actor but this one; answers how many ended. */
export async function endOtherSessions(db: Db, actor: Actor, ip: string): Promise<number> {
  return db.transaction(async (tx) => {
    const others = await tx
      .select({ id: sessions.id, userAgent: sessions.userAgent, ip: sessions.ip })
      .from(sessions)
      .where(and(eq(sessions.userId, actor.id), sql`${sessions.id} <> ${actor.sessionId}`))
      .for('update');
    if (others.length === 0) return 0;
    const ended = await endAllSessions(tx, actor.id, actor.sessionId);
    await audit(tx, actor, others, ip);
    return ended;
  });
}

async function audit(
  tx: Db,
  actor: Actor,
  ended: { id: number; userAgent: string | null; ip: string | null }[],
  ip: string,
): Promise<void> {
  await recordAudit(
    tx,
    { id: actor.id, email: actor.email },
    {
      kind: 'auth.sessions-ended',
      subject: { type: 'user', id: actor.id, label: actor.email },
      before: {
        sessions: ended.map((session) => {
          const device = deviceOf(session.userAgent);
          return { id: session.id, ip: session.ip, browser: device.browser, os: device.os };
        }),
      },
      after: { sessions: [] },
      ip,
    },
  );
}
