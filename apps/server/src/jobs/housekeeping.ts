import { sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { authTokens } from '#app/db/schema/sessions.ts';
import { removeExpiredRateLimitWindows } from '#app/plugins/rate-limit.ts';
import { removeExpiredSessions } from '#app/plugins/session.ts';

export interface HousekeepingResult {
  sessions: number;
  rateLimitWindows: number;
  authTokens: number;
}

/**
 * Deletes rows that can never be used again: expired sessions, finished rate-limit windows, and e-mailed
 * tokens a month after they expired (kept that long to answer "why did my link not work?"). Every instance
 * may run it; the deletes are idempotent.
 */
export async function runHousekeeping(db: Db): Promise<HousekeepingResult> {
  const sessions = await removeExpiredSessions(db);
  const rateLimitWindows = await removeExpiredRateLimitWindows(db);
  const tokens = (await db.execute(sql`
    WITH removed AS (DELETE FROM ${authTokens} WHERE expires_at < now() - interval '30 days' RETURNING 1)
    SELECT count(*)::int AS n FROM removed`)) as { rows: { n: number }[] };
  return { sessions, rateLimitWindows, authTokens: tokens.rows[0]!.n };
}

/** Runs housekeeping every `intervalMs` (hourly by default), starting one interval after start-up. */
export function startHousekeeping(
  db: Db,
  onError: (error: unknown) => void,
  intervalMs = 3_600_000,
): { stop(): void } {
  const timer = setInterval(() => {
    runHousekeeping(db).catch(onError);
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
