import { EVENT_SCHEMAS, type EventType, type PortalEvent } from '@care/contract/events';
import type { Role } from '@care/contract/statuses';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '#app/db/client.ts';
import { startListener } from './listener.ts';

/**
 * Real-time events across instances (docs/decisions/017-events-listen-notify.md). A writer publishes with
 * `publishEvent(tx, event, audience)` inside its transaction: pg_notify is delivered only on commit, to every
 * instance's listening connection; each instance passes the event to its own SSE connections in the audience.
 *
 *   publishEvent(tx, event, audience): Promise<void>
 *   requestAudience(customerId): Audience   — a request's customer and the service staff
 *   startEventBus(database, log): EventBus  — buildApp starts one per app and closes it with the app
 */

export const EVENTS_CHANNEL = 'care_events';

/** Who may see service requests besides their customer (the chat and the staff screens use the same list). */
export const SERVICE_STAFF_ROLES = ['service', 'admin'] as const satisfies readonly Role[];

/** The users an event is for: these ids, and everyone signed in with one of these roles. */
export interface Audience {
  userIds: readonly number[];
  roles: readonly Role[];
}

export const requestAudience = (customerId: number): Audience => ({
  userIds: [customerId],
  roles: SERVICE_STAFF_ROLES,
});

/** The events writers publish; `ready` is the stream's own. */
export type PublishedEvent = Exclude<PortalEvent, { type: 'ready' }>;

/** What travels in the NOTIFY payload (at most 8000 bytes: ids and a few codes, far below). */
interface Envelope {
  type: EventType;
  data: unknown;
  userIds: number[];
  roles: Role[];
}

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

/** One open event stream of a signed-in user on this instance. */
export interface Subscriber {
  userId: number;
  role: Role;
  deliver(event: PortalEvent): void;
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

function parseEnvelope(payload: string): { event: PortalEvent; envelope: Envelope } | null {
  try {
    const envelope = JSON.parse(payload) as Envelope;
    const schema = EVENT_SCHEMAS[envelope.type];
    if (!schema || !Array.isArray(envelope.userIds) || !Array.isArray(envelope.roles)) return null;
    const event = { type: envelope.type, data: schema.parse(envelope.data) } as PortalEvent;
    return { event, envelope };
  } catch {
    return null;
  }
}

export function startEventBus(database: Database, log: Log): EventBus {
  const subscribers = new Set<Subscriber>();
  const deliverAll = (event: PortalEvent, to: (subscriber: Subscriber) => boolean) => {
    for (const subscriber of subscribers) if (to(subscriber)) subscriber.deliver(event);
  };

  const listener = startListener(database, {
    channel: EVENTS_CHANNEL,
    onNotify(payload) {
      const parsed = parseEnvelope(payload);
      if (!parsed) return log.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed event');
      const { event, envelope } = parsed;
      deliverAll(event, (s) => envelope.userIds.includes(s.userId) || envelope.roles.includes(s.role));
    },
    // Events sent while nobody listened are lost: every stream is told to refetch.
    onLive() {
      log.info('listening for events');
      deliverAll({ type: 'ready', data: {} }, () => true);
    },
    onDown(error) {
      log.warn({ err: error }, 'event listener down; reconnecting');
    },
  });

  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    isLive: listener.isLive,
    close: listener.close,
  };
}
