import { eventEndpoints, EVENTS_HEARTBEAT_MS } from '@care/contract/events';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '#app/plugins/endpoints.ts';
import { actorOf } from '#app/plugins/session.ts';
import type { EventBus, SessionLookup } from './event-bus.ts';
import { type EventStream, openEventStream } from './event-stream.ts';

export interface EventsRoutesOptions {
  bus: EventBus;
  /** plugins/session.ts sessionExpiries: when each valid session expires. */
  sessionExpiries: SessionLookup;
  heartbeatMs?: number;
  maxAgeMs?: number;
}

/**
 * GET api/events: the signed-in user's server-sent events (contract events.ts, docs/decisions/017). A stream
 * ends with its session (docs/decisions/036). Open streams are ended before the server closes, which would
 * otherwise wait for them forever.
 */
export const eventsRoutes: FastifyPluginAsync<EventsRoutesOptions> = async (
  app,
  { bus, sessionExpiries, heartbeatMs = EVENTS_HEARTBEAT_MS, maxAgeMs = 10 * 60_000 },
) => {
  const open = new Set<EventStream>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  route(app, eventEndpoints.stream, async (request, reply) => {
    // A sign-out committed since the session was looked up ends the stream at once (event-bus.ts recentlyEnded).
    const stream = openEventStream(bus, actorOf(request), { heartbeatMs, maxAgeMs, sessionExpiries });
    open.add(stream);
    // 'close' comes when the response has finished or the client went away.
    reply.raw.on('close', () => {
      stream.end();
      open.delete(stream);
    });
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-store, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream.body);
  });
};
