import type { ChatUnread } from '@care/contract/chat';
import { isServiceStaffRole } from '@care/contract/roles';
import { sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { chatMessages, chatReadMarkers } from '#app/db/schema/chat.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { publishEvent } from '#app/events/event-bus.ts';
import type { Actor } from '#app/plugins/session.ts';
import { findChatRequest } from './chat-messages.ts';

/**
 * Unread messages: written by someone else after the reader's own read marker (one marker per person and
 * request, also for staff). A customer counts over their requests; a staff member over the requests they follow:
 * whose chat they have read or written in (they have a marker), or that are assigned to them
 * (docs/decisions/018-chat.md).
 */

/** (request id, marker) pairs the reader counts over. */
function followedRequests(actor: Actor) {
  if (!isServiceStaffRole(actor.role)) {
    return sql`
      SELECT r.id, coalesce(k.last_read_message_id, 0) AS mark
      FROM ${serviceRequests} r
      LEFT JOIN ${chatReadMarkers} k ON k.service_request_id = r.id AND k.user_id = ${actor.id}
      WHERE r.customer_id = ${actor.id}`;
  }
  return sql`
    SELECT k.service_request_id AS id, k.last_read_message_id AS mark
    FROM ${chatReadMarkers} k WHERE k.user_id = ${actor.id}
    UNION ALL
    SELECT r.id, 0 FROM ${serviceRequests} r
    WHERE r.assigned_to = ${actor.id} AND NOT EXISTS (
      SELECT 1 FROM ${chatReadMarkers} k WHERE k.user_id = ${actor.id} AND k.service_request_id = r.id)`;
}

/** GET api/chat/comments/unread: the total and the requests that have unread messages. */
export async function unreadSummary(db: Db, actor: Actor): Promise<ChatUnread> {
  const result = (await db.execute(sql`
    SELECT f.id AS "serviceRequestId", count(*)::int AS count
    FROM (${followedRequests(actor)}) f
    JOIN ${chatMessages} m ON m.service_request_id = f.id AND m.id > f.mark
    WHERE m.author_id IS DISTINCT FROM ${actor.id}
    GROUP BY f.id
    ORDER BY f.id`)) as { rows: { serviceRequestId: number | string; count: number }[] };
  const requests = result.rows.map((row) => ({
    serviceRequestId: String(row.serviceRequestId),
    count: row.count,
  }));
  return { total: requests.reduce((sum, request) => sum + request.count, 0), requests };
}

/**
 * PUT api/chat/comments/read: moves the reader's marker forward to `lastReadMessageId`, never past the request's
 * newest message (so later messages stay unread) and never back. The reader's other tabs and devices get
 * `unread` with the new total.
 */
export async function markRead(
  db: Db,
  actor: Actor,
  input: { serviceRequestId: number; lastReadMessageId: number },
): Promise<ChatUnread> {
  return db.transaction(async (tx) => {
    const request = await findChatRequest(tx, actor, input.serviceRequestId);
    await tx.execute(sql`
      INSERT INTO ${chatReadMarkers} (user_id, service_request_id, last_read_message_id, updated_at)
      SELECT ${actor.id}, ${request.id}, least(${input.lastReadMessageId}::bigint, coalesce(max(m.id), 0)), now()
      FROM ${chatMessages} m WHERE m.service_request_id = ${request.id}
      ON CONFLICT (user_id, service_request_id) DO UPDATE
      SET last_read_message_id = greatest(${chatReadMarkers.lastReadMessageId}, excluded.last_read_message_id),
          updated_at = now()`);
    const summary = await unreadSummary(tx, actor);
    await publishEvent(
      tx,
      { type: 'unread', data: { total: summary.total } },
      { userIds: [actor.id], roles: [] },
    );
    return summary;
  });
}
