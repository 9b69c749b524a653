import { EVENTS_HEARTBEAT_MS } from '@care/contract/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireUser } from '#app/plugins/session.ts';
import type { EventBus } from './event-bus.ts';
import { type EventStream, openEventStream } from './event-stream.ts';

export interface EventsRoutesOptions {
  bus: EventBus;
  heartbeatMs?: number;
  maxAgeMs?: number;
}

/**
 * GET api/events: the signed-in user's server-sent events (contract events.ts, docs/decisions/017). Open
 * streams are ended before the server closes, which would otherwise wait for them forever.
 */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (
  app,
  { bus, heartbeatMs = EVENTS_HEARTBEAT_MS, maxAgeMs = 10 * 60_000 },
) => {
  const open = new Set<EventStream>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary:
          'Server-sent events for the signed-in user (text/event-stream): ready, chat-message, unread, ...',
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const stream = openEventStream(bus, actorOf(request), { heartbeatMs, maxAgeMs });
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
    },
  );
};
