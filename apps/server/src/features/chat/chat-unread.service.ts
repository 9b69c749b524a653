import type { ChatUnread } from '@care/contract/chat';
import { isServiceStaffRole } from '@care/contract/roles';
import { sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { chatMessages, chatReadMarkers, chatUnreadCounts } from '#app/db/schema/chat.ts';
import { publishEvent } from '#app/events/event-bus.ts';
import type { Actor } from '#app/plugins/session.ts';
import { findChatRequest } from './chat-messages.ts';

/**
 * Unread messages: written by someone else after the reader's own read marker (one marker per person and
 * request, also for staff). A customer counts over their requests; a staff member over the requests they follow:
 * whose chat they have read or written in (they have a marker), or that are assigned to them
 * (docs/decisions/018-chat.md).
 *
 * The counts are kept as counters in chat_unread_counts by database triggers, in the transaction that writes a
 * message, moves a marker or assigns a request (migration 0019, docs/decisions/056): reading them is a range of
 * chat_unread_counts_unread_idx over the reader's requests with unread messages, whatever the chat's length.
 * `is_customer` marks the rows of the reader's own requests, `follows` those a staff member follows.
 */

/** GET api/chat/comments/unread: the total and the requests that have unread messages. */
export async function unreadSummary(db: Db, actor: Actor): Promise<ChatUnread> {
  const reads = isServiceStaffRole(actor.role) ? sql`c.follows` : sql`c.is_customer`;
  const result = (await db.execute(sql`
    SELECT c.service_request_id AS "serviceRequestId", c.unread_count AS count
    FROM ${chatUnreadCounts} c
    WHERE c.user_id = ${actor.id} AND c.unread_count > 0 AND ${reads}
    ORDER BY c.service_request_id`)) as { rows: { serviceRequestId: number | string; count: number }[] };
  const requests = result.rows.map((row) => ({
    serviceRequestId: String(row.serviceRequestId),
    count: row.count,
  }));
  return { total: requests.reduce((sum, request) => sum + request.count, 0), requests };
}

/**
 * PUT api/chat/comments/read: moves the reader's marker forward to `lastReadMessageId`, never past the request's
 * newest message (so later messages stay unread) and never back; the marker's trigger counts the request's
 * counter again from it. The reader's other tabs and devices get `unread` with the new total.
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
