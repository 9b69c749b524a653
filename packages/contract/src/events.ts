import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { OFFER_REQUEST_STATUSES, SERVICE_REQUEST_STATUSES } from './statuses.ts';

/**
 * Server-sent events on GET api/events (text/event-stream, for the signed-in user). Payloads are minimal hints:
 * the client refetches through the ordinary, access-checked endpoints. Events are not stored: whatever happened
 * while the stream was down is learnt by refetching on `ready`, which every (re)connection starts with.
 */

/** The interval of the server's heartbeat comment lines; a client may treat a stream silent for 2x as dead. */
export const EVENTS_HEARTBEAT_MS = 25_000;
/** The reconnection delay the server suggests with `retry:`. */
export const EVENTS_RETRY_MS = 3_000;

/** The first event of every connection: the subscription is live; refetch what may have changed meanwhile. */
export const ReadyEventSchema = z.object({});

/**
 * The last event of a stream the server ends because the same user opened a newer one beyond their limit of
 * open streams (the oldest goes). The client should not reconnect at once (it would replace the next one), but
 * when its page is looked at again.
 */
export const ReplacedEventSchema = z.object({});

/**
 * A message (text or file) was added to a request's chat. Refetch GET api/chat/comments?after=<last id> for an
 * open chat, and GET api/chat/comments/unread for the counts (when someone else wrote it).
 */
export const ChatMessageEventSchema = z.object({
  serviceRequestId: z.string(),
  messageId: z.string(),
});

/** The reader's own unread total changed without a new message (they read a chat, e.g. in another tab). */
export const UnreadEventSchema = z.object({
  total: z.number().int().nonnegative(),
});

/** A request's status changed; refetch the request (and lists showing it). */
export const ServiceRequestStatusEventSchema = z.object({
  serviceRequestId: z.string(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
});

/**
 * For service staff: how the department handles a request changed — its assignee, priority or tags, or whether it
 * waits for an answer (docs/decisions/062). Refetch the queue, the request and the "waiting" count.
 */
export const ServiceRequestHandlingEventSchema = z.object({
  serviceRequestId: z.string(),
});

/**
 * An offer request was filed or its status changed (for its customer and parts sales); refetch the lists and the
 * request.
 */
export const OfferRequestStatusEventSchema = z.object({
  offerRequestId: z.string(),
  status: z.enum(OFFER_REQUEST_STATUSES),
});

/** Every event type (the SSE `event:` field) and its `data:` (JSON) schema. */
export const EVENT_SCHEMAS = {
  ready: ReadyEventSchema,
  replaced: ReplacedEventSchema,
  'chat-message': ChatMessageEventSchema,
  unread: UnreadEventSchema,
  'service-request-status': ServiceRequestStatusEventSchema,
  'service-request-handling': ServiceRequestHandlingEventSchema,
  'offer-request-status': OfferRequestStatusEventSchema,
} as const;
export type EventType = keyof typeof EVENT_SCHEMAS;
export const EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as EventType[];

/** One event as a client sees it, typed by its name. */
export type PortalEvent = {
  [K in EventType]: { type: K; data: z.infer<(typeof EVENT_SCHEMAS)[K]> };
}[EventType];

export const eventEndpoints = endpoints('events', {
  stream: {
    method: 'GET',
    path: '/api/events',
    summary:
      'Server-sent events for the signed-in user (text/event-stream): ready, chat-message, unread, ...',
    access: 'signed-in',
    responses: { 200: 'event-stream' },
  },
});
