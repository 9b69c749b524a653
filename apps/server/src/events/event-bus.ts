import { EVENT_SCHEMAS, type EventType, type PortalEvent } from '@care/contract/events';
import { SERVICE_STAFF_ROLES } from '@care/contract/roles';
import type { Role } from '@care/contract/statuses';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '#app/db/client.ts';
import { startListener } from './listener.ts';

/**
 * Real-time events across instances (docs/decisions/017-events-listen-notify.md). A writer publishes with
 * `publishEvent(tx, event, audience)` inside its transaction: pg_notify is delivered only on commit, to every
 * instance's listening connection; each instance passes the event to its own SSE connections in the audience.
 *
 *   publishEvent(tx, event, audience): Promise<void>
 *   publishEventSql(type, data, audience): SQL        — the same, as a call inside the writer's own statement
 *   publishSessionsEnded(tx, sessionIds): Promise<void> — every instance ends the streams of these sessions
 *                                                        and drops them from its session cache
 *   publishUsersChanged(tx, userIds): Promise<void>    — every instance drops these users' cached sessions
 *   requestAudience(customerId): Audience   — a request's customer and the service staff
 *   startEventBus(database, log, options): EventBus — buildApp starts one per app and closes it with the app
 *
 * All kinds travel on one channel, so every instance sees them in commit order: an event committed after a
 * sign-out reaches no stream of the signed-out session, because its end arrives first.
 */

export const EVENTS_CHANNEL = 'care_events';

/** The users an event is for: these ids, and everyone signed in with one of these roles. */
export interface Audience {
  userIds: readonly number[];
  roles: readonly Role[];
}

export const requestAudience = (customerId: number): Audience => ({
  userIds: [customerId],
  roles: SERVICE_STAFF_ROLES,
});

/** The events writers publish; `ready` and `replaced` are the stream's own. */
export type PublishedEvent = Exclude<PortalEvent, { type: 'ready' | 'replaced' }>;

/** What travels in the NOTIFY payload (at most 8000 bytes: ids and a few codes, far below). */
interface Envelope {
  type: EventType;
  data: unknown;
  userIds: number[];
  roles: Role[];
}

/** Sessions that ended (sign-out, password change or reset, deactivation, the CLI): their streams end. */
interface SessionsEndedEnvelope {
  endedSessionIds: number[];
}

/**
 * Users whose sessions no instance may keep as they were (cache/session-cache.ts): a column the sessions' Actor
 * carries changed (role, status, e-mail, names, language, authorities).
 */
interface UsersChangedEnvelope {
  changedUserIds: number[];
}

/** Ids per NOTIFY: 500 ids of up to 15 digits stay below the 8000-byte payload limit. */
const IDS_PER_NOTIFY = 500;

/** How long an instance remembers an ended session, for streams subscribing right after its end. */
const RECENTLY_ENDED_MS = 60_000;

/** Sends the event when the caller's transaction commits (immediately when `db` is not in one). */
export async function publishEvent(db: Db, event: PublishedEvent, audience: Audience): Promise<void> {
  const envelope: Envelope = {
    type: event.type,
    data: event.data,
    userIds: [...audience.userIds],
    roles: [...audience.roles],
  };
  await db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(envelope)})`);
}

/**
 * `publishEvent` folded into the writer's own statement (one round trip less): the `pg_notify` call as an SQL
 * expression for its select or RETURNING list, evaluated once per row there. The event's data fields and the
 * audience's user ids are SQL over that statement's rows (ids as text where the event's schema has strings; a
 * NULL id is nobody: a statement leaves a user out of a row's audience with it);
 * the envelope and its delivery on commit are publishEvent's.
 */
export function publishEventSql<Type extends PublishedEvent['type']>(
  type: Type,
  data: Record<keyof Extract<PublishedEvent, { type: Type }>['data'], SQL>,
  audience: { userIds: SQL[]; roles: readonly Role[] },
): SQL {
  const fields = Object.entries<SQL>(data).map(([key, value]) => sql`${key}::text, ${value}`);
  const envelope = sql`json_build_object(
    'type', ${type}::text,
    'data', json_build_object(${sql.join(fields, sql`, `)}),
    'userIds', coalesce((SELECT json_agg(u) FROM unnest(ARRAY[${sql.join(audience.userIds, sql`, `)}]::bigint[]) u
      WHERE u IS NOT NULL), '[]'::json),
    'roles', ${JSON.stringify(audience.roles)}::json)`;
  return sql`pg_notify(${EVENTS_CHANNEL}::text, ${envelope}::text)`;
}

/**
 * Ends, on every instance, the streams opened with these sessions, when the caller's transaction commits (at
 * once outside one). Called wherever sessions end (plugins/session.ts).
 */
export async function publishSessionsEnded(db: Db, sessionIds: readonly number[]): Promise<void> {
  if (sessionIds.length > 0) rememberPublished({ sessionIds, userIds: [] });
  for (let start = 0; start < sessionIds.length; start += IDS_PER_NOTIFY) {
    const envelope: SessionsEndedEnvelope = {
      endedSessionIds: sessionIds.slice(start, start + IDS_PER_NOTIFY),
    };
    await db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(envelope)})`);
  }
}

/**
 * Tells every instance, when the caller's transaction commits (at once outside one), that these users changed:
 * their cached sessions go. Called by every writer of a column the Actor carries (plugins/session-lookup.ts),
 * in its transaction. A session's second-factor step needs none: a session waiting for it is never cached.
 */
export async function publishUsersChanged(db: Db, userIds: readonly number[]): Promise<void> {
  if (userIds.length > 0) rememberPublished({ sessionIds: [], userIds });
  for (let start = 0; start < userIds.length; start += IDS_PER_NOTIFY) {
    const envelope: UsersChangedEnvelope = { changedUserIds: userIds.slice(start, start + IDS_PER_NOTIFY) };
    await db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(envelope)})`);
  }
}

/** Sessions ended or users changed, as one publication. */
export interface Invalidation {
  sessionIds: readonly number[];
  userIds: readonly number[];
}

/*
 * What this process published lately. Its NOTIFY comes back to the writing instance too, but a moment after the
 * commit: the request that published applies its own invalidations to its instance's cache before it answers
 * (plugins/session-lookup.ts), so the writer's next request never meets what it just changed. Other instances,
 * and publications outside a request (the command line), wait for the NOTIFY.
 */
const PUBLISHED_KEPT = 1000;
const published: Invalidation[] = [];
let publishedCount = 0;

function rememberPublished(invalidation: Invalidation): void {
  published.push(invalidation);
  publishedCount += 1;
  if (published.length > PUBLISHED_KEPT) published.shift();
}

/** How many invalidations this process has published: a request notes it as it arrives. */
export const publishedMark = (): number => publishedCount;

/** What this process published since `mark`; null when more than it keeps (then drop everything). */
export function publishedSince(mark: number): readonly Invalidation[] | null {
  const count = publishedCount - mark;
  if (count > published.length) return null;
  return count === 0 ? [] : published.slice(-count);
}

/** One open event stream of a signed-in user on this instance. */
export interface Subscriber {
  userId: number;
  /** The session the stream was opened with: the stream ends when the session does. */
  sessionId: number;
  role: Role;
  deliver(event: PortalEvent): void;
  /** Ends the stream (its session ended, or it was replaced by a newer stream of the same user). */
  end(reason: 'session-ended' | 'replaced'): void;
}

/**
 * Which of these sessions are still valid, with when each expires at the earliest (plugins/session.ts
 * sessionExpiries); used to re-check open streams after the listener was down, when ends may have been missed.
 */
export type SessionLookup = (sessionIds: number[]) => Promise<Map<number, Date>>;

/** The instance's session cache (cache/session-cache.ts), as the bus keeps it true. */
export interface SessionInvalidation {
  dropSessions(sessionIds: readonly number[]): void;
  dropUsers(userIds: readonly number[]): void;
  /** Empties it; `trusted`: the listener is live (messages arrive) or not (they may be missed). */
  reset(trusted: boolean): void;
}

export interface EventBusOptions {
  /** Without it, streams are not re-checked after a reconnection (tests of the bus alone). */
  sessionExpiries?: SessionLookup;
  /**
   * Streams one user may hold on this instance; a new one beyond it replaces the user's oldest
   * (env QUOTA_EVENT_STREAMS_PER_USER; docs/decisions/036).
   */
  maxStreamsPerUser?: number;
  /** Told of every session that ends and user that changes, and of the listener going down and up again. */
  sessionCache?: SessionInvalidation;
}

export interface EventBus {
  /** Adds a stream; answers the function that removes it. */
  subscribe(subscriber: Subscriber): () => void;
  /** Whether the instance is listening now (a new stream gets `ready` at once, else when it is again). */
  isLive(): boolean;
  close(): Promise<void>;
}

interface Log {
  info(message: string): void;
  warn(object: object, message: string): void;
}

type Parsed =
  { event: PortalEvent; envelope: Envelope } | { endedSessionIds: number[] } | { changedUserIds: number[] };

const isIdList = (ids: unknown): ids is number[] => Array.isArray(ids) && ids.every(Number.isSafeInteger);

function parseEnvelope(payload: string): Parsed | null {
  try {
    const envelope = JSON.parse(payload) as Envelope | SessionsEndedEnvelope | UsersChangedEnvelope;
    if ('endedSessionIds' in envelope) {
      const ids = envelope.endedSessionIds;
      return isIdList(ids) ? { endedSessionIds: ids } : null;
    }
    if ('changedUserIds' in envelope) {
      const ids = envelope.changedUserIds;
      return isIdList(ids) ? { changedUserIds: ids } : null;
    }
    const schema = EVENT_SCHEMAS[envelope.type];
    if (!schema || !Array.isArray(envelope.userIds) || !Array.isArray(envelope.roles)) return null;
    const event = { type: envelope.type, data: schema.parse(envelope.data) } as PortalEvent;
    return { event, envelope };
  } catch {
    return null;
  }
}

export function startEventBus(database: Database, log: Log, options: EventBusOptions = {}): EventBus {
  const { sessionExpiries, maxStreamsPerUser = Number.POSITIVE_INFINITY, sessionCache } = options;
  // In the order they were opened (a Set iterates in insertion order), so the first of a user is the oldest.
  const subscribers = new Set<Subscriber>();
  const deliverAll = (event: PortalEvent, to: (subscriber: Subscriber) => boolean) => {
    for (const subscriber of subscribers) if (to(subscriber)) subscriber.deliver(event);
  };
  /*
   * A stream whose session was looked up just before its end was announced subscribes after the announcement;
   * remembering the ends of the last minute closes that gap.
   */
  const recentlyEnded = new Map<number, number>();
  const endSessions = (ids: readonly number[]) => {
    const now = Date.now();
    for (const [id, at] of recentlyEnded) {
      if (now - at < RECENTLY_ENDED_MS) break;
      recentlyEnded.delete(id);
    }
    for (const id of ids) {
      recentlyEnded.delete(id);
      recentlyEnded.set(id, now);
    }
    const ended = new Set(ids);
    for (const subscriber of [...subscribers])
      if (ended.has(subscriber.sessionId)) subscriber.end('session-ended');
  };
  // Ends of sessions sent while nobody listened are lost too: the open streams' sessions are looked up again.
  const recheckSessions = async () => {
    if (!sessionExpiries || subscribers.size === 0) return;
    const ids = [...new Set([...subscribers].map((subscriber) => subscriber.sessionId))];
    try {
      const valid = await sessionExpiries(ids);
      endSessions(ids.filter((id) => !valid.has(id)));
    } catch (error) {
      log.warn({ err: error }, 'could not re-check the sessions of open event streams');
    }
  };

  const listener = startListener(database, {
    channel: EVENTS_CHANNEL,
    onNotify(payload) {
      const parsed = parseEnvelope(payload);
      if (!parsed) return log.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed event');
      if ('changedUserIds' in parsed) return sessionCache?.dropUsers(parsed.changedUserIds);
      if ('endedSessionIds' in parsed) {
        sessionCache?.dropSessions(parsed.endedSessionIds);
        return endSessions(parsed.endedSessionIds);
      }
      const { event, envelope } = parsed;
      deliverAll(event, (s) => envelope.userIds.includes(s.userId) || envelope.roles.includes(s.role));
    },
    // Events sent while nobody listened are lost: every stream is told to refetch.
    onLive() {
      log.info('listening for events');
      // What was cached before may have missed messages sent while nobody listened.
      sessionCache?.reset(true);
      deliverAll({ type: 'ready', data: {} }, () => true);
      void recheckSessions();
    },
    onDown(error) {
      sessionCache?.reset(false);
      log.warn({ err: error }, 'event listener down; reconnecting');
    },
  });

  return {
    subscribe(subscriber) {
      if (recentlyEnded.has(subscriber.sessionId)) {
        // After the caller holds the function that removes it.
        queueMicrotask(() => subscriber.end('session-ended'));
        return () => {};
      }
      const own = [...subscribers].filter((other) => other.userId === subscriber.userId);
      for (const oldest of own.slice(0, Math.max(0, own.length - maxStreamsPerUser + 1))) {
        oldest.end('replaced');
      }
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    isLive: listener.isLive,
    close: listener.close,
  };
}
