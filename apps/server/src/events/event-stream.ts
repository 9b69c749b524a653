import { PassThrough } from 'node:stream';
import { EVENTS_RETRY_MS, type PortalEvent } from '@care/contract/events';
import type { Actor } from '#app/plugins/session.ts';
import type { EventBus } from './event-bus.ts';

export interface EventStreamOptions {
  heartbeatMs: number;
  /** The stream ends after this long; the browser reconnects and the session is checked again. */
  maxAgeMs: number;
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
 * A client that reads too slowly is dropped rather than buffered without bound; it reconnects and refetches.
 */
export function openEventStream(bus: EventBus, actor: Actor, options: EventStreamOptions): EventStream {
  const body = new PassThrough();
  let ended = false;
  const write = (text: string) => {
    if (ended) return;
    if (!body.write(text) && body.writableLength > 64 * 1024) end();
  };
  const unsubscribe = bus.subscribe({
    userId: actor.id,
    role: actor.role,
    deliver: (event) => write(frame(event)),
  });
  const heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs);
  const maxAge = setTimeout(() => end(), options.maxAgeMs);
  function end() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(maxAge);
    unsubscribe();
    body.end();
  }

  write(`retry: ${EVENTS_RETRY_MS}\n\n`);
  // When the bus is not listening right now, `ready` comes once it is again (event-bus.ts onLive).
  if (bus.isLive()) write(frame({ type: 'ready', data: {} }));
  return { body, end };
}
