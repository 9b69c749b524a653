import { PassThrough } from 'node:stream';
import { EVENTS_RETRY_MS, type PortalEvent } from '@care/contract/events';
import type { Actor } from '#app/plugins/session.ts';
import type { EventBus, SessionLookup } from './event-bus.ts';

export interface EventStreamOptions {
  heartbeatMs: number;
  /** The stream ends after this long; the browser reconnects and the session is checked again. */
  maxAgeMs: number;
  /** Looks the session up again when it would expire: used elsewhere meanwhile, it lives on. */
  sessionExpiries: SessionLookup;
}

export interface EventStream {
  /** The response body (text/event-stream). */
  body: PassThrough;
  /** Ends the stream (server closing, age reached); idempotent. */
  end(): void;
}

/** One SSE frame: `event:` and a JSON `data:` line (JSON has no raw newlines, so one line is enough). */
export function frame(event: PortalEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * The event stream of one signed-in user: subscribed to the bus until it ends, with heartbeat comment lines.
 * It ends with its session: when the session is ended anywhere (event-bus.ts publishSessionsEnded) and when it
 * expires. A client that reads too slowly is dropped rather than buffered without bound; it reconnects and
 * refetches.
 */
export function openEventStream(bus: EventBus, actor: Actor, options: EventStreamOptions): EventStream {
  const body = new PassThrough();
  const endsAt = Date.now() + options.maxAgeMs;
  let ended = false;
  let expiry: NodeJS.Timeout | undefined;
  const write = (text: string) => {
    if (ended) return;
    if (!body.write(text) && body.writableLength > 64 * 1024) end();
  };
  const unsubscribe = bus.subscribe({
    userId: actor.id,
    sessionId: actor.sessionId,
    role: actor.role,
    deliver: (event) => write(frame(event)),
    end(reason) {
      if (reason === 'replaced') write(frame({ type: 'replaced', data: {} }));
      end();
    },
  });
  const heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs);
  const maxAge = setTimeout(() => end(), options.maxAgeMs);
  // Only an expiry before the stream's own end needs watching; the reconnection checks the session anyway.
  const watchExpiry = (expiresAt: Date) => {
    if (ended || expiresAt.getTime() >= endsAt) return;
    expiry = setTimeout(
      () => {
        options.sessionExpiries([actor.sessionId]).then(
          (valid) => {
            const next = valid.get(actor.sessionId);
            if (next && next.getTime() > Date.now()) watchExpiry(next);
            else end();
          },
          () => end(),
        );
      },
      Math.max(0, expiresAt.getTime() - Date.now()),
    );
  };
  function end() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(maxAge);
    clearTimeout(expiry);
    unsubscribe();
    body.end();
  }

  write(`retry: ${EVENTS_RETRY_MS}\n\n`);
  // When the bus is not listening right now, `ready` comes once it is again (event-bus.ts onLive).
  if (bus.isLive()) write(frame({ type: 'ready', data: {} }));
  watchExpiry(actor.sessionExpiresAt);
  return { body, end };
}
