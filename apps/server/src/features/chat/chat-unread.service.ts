import type { ChatUnread } from '@care/contract/chat';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { preparedStatements } from '#app/db/prepared.ts';
import { chatMessages, chatReadMarkers, chatUnreadCounts } from '#app/db/schema/chat.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { publishEventSql } from '#app/events/event-bus.ts';
import { notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';

import { chatRequestRule, type ChatScope, chatScopeOf } from './chat-messages.ts';
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

/**
 * The reader's counters with unread messages (`userId`): `is_customer` for a customer's summary, `follows` for a
 * staff member's. The conditions are written out (no placeholder in `unread_count > 0`), so that every plan of
 * the prepared statement can use the partial chat_unread_counts_unread_idx.
 */
function unreadRows(db: Db, scope: ChatScope) {
  const c = chatUnreadCounts;
  return db
    .select({ serviceRequestId: c.serviceRequestId, count: c.unreadCount })
    .from(c)
    .where(
      and(
        eq(c.userId, sql.placeholder('userId')),
        sql`${c.unreadCount} > 0`,
        scope === 'staff' ? sql`${c.follows}` : sql`${c.isCustomer}`,
      ),
    );
}

const summaryStatement = preparedStatements(
  'chat_unread_summary',
  (scope: ChatScope) => scope,
  (db, scope) => unreadRows(db, scope).orderBy(chatUnreadCounts.serviceRequestId),
);

function toSummary(rows: { serviceRequestId: number; count: number }[]): ChatUnread {
  const requests = rows.map((row) => ({ serviceRequestId: String(row.serviceRequestId), count: row.count }));
  return { total: requests.reduce((sum, request) => sum + request.count, 0), requests };
}

/** GET api/chat/comments/unread: the total and the requests that have unread messages. */
export async function unreadSummary(db: Db, actor: Actor): Promise<ChatUnread> {
  return toSummary(await summaryStatement(db, chatScopeOf(actor)).execute({ userId: actor.id }));
}

/**
 * The marker moved forward to `lastReadMessageId` (never past the request's newest message, so later messages
 * stay unread, and never back), if the actor may use the request's chat (for a customer only their own); no
 * row: no such request for the actor. The marker's triggers lock the request's row and count its counter again
 * from the marker when the statement ends (migration 0019).
 */
const markStatement = preparedStatements(
  'chat_mark_read',
  (scope: ChatScope) => scope,
  (db, scope) => {
    const request = db
      .$with('request')
      .as(
        db.select({ id: serviceRequests.id }).from(serviceRequests).where(chatRequestRule(scope, 'userId')),
      );
    const marked = db.$with('marked', {}).as(
      sql`INSERT INTO ${chatReadMarkers} AS k (user_id, service_request_id, last_read_message_id, updated_at)
      SELECT ${sql.placeholder('userId')}::bigint, request.id,
        least(${sql.placeholder('lastReadMessageId')}::bigint, coalesce((
          SELECT max(m.id) FROM ${chatMessages} m WHERE m.service_request_id = request.id${
            // A customer's marker never rests on an internal note (issue 18).
            scope === 'staff' ? sql`` : sql` AND NOT m.internal`
          }), 0)),
        now()
      FROM request
      ON CONFLICT (user_id, service_request_id) DO UPDATE
      SET last_read_message_id = greatest(k.last_read_message_id, excluded.last_read_message_id),
          updated_at = now()`,
    );
    return db.with(request, marked).select({ id: request.id }).from(request);
  },
);

/**
 * The reader's summary, with the `unread` event carrying its total to the reader's other tabs and devices, in
 * one statement: the event is sent once (from the aggregate's one row), the summary's rows follow it (none:
 * one row with no request).
 */
const summaryAnnounced = preparedStatements(
  'chat_unread_announced',
  (scope: ChatScope) => scope,
  (db, scope) => {
    const unread = db.$with('unread').as(unreadRows(db, scope));
    const announced = db
      .$with('announced', { sent: sql`sent`.as('sent') })
      .as(
        sql`SELECT ${publishEventSql(
          'unread',
          { total: sql`coalesce(sum(${unread.count}), 0)` },
          { userIds: [sql`${sql.placeholder('userId')}::bigint`], roles: [] },
        )} AS sent FROM ${unread}`,
      );
    return db
      .with(unread, announced)
      .select({ serviceRequestId: unread.serviceRequestId, count: unread.count })
      .from(announced)
      .leftJoin(unread, sql`true`)
      .orderBy(unread.serviceRequestId);
  },
);

/**
 * PUT api/chat/comments/read: moves the reader's marker forward (`markStatement`), then reads the summary and
 * tells the reader's other tabs and devices its total (`unread`). Two statements and no transaction: the first
 * commits the marker and its recount, which the second reads.
 */
export async function markRead(
  db: Db,
  actor: Actor,
  input: { serviceRequestId: number; lastReadMessageId: number },
): Promise<ChatUnread> {
  const scope = chatScopeOf(actor);
  const [request] = await markStatement(db, scope).execute({
    requestId: input.serviceRequestId,
    userId: actor.id,
    lastReadMessageId: input.lastReadMessageId,
  });
  if (!request) throw notFound();
  const rows = await summaryAnnounced(db, scope).execute({ userId: actor.id });
  return toSummary(
    rows.filter((row): row is { serviceRequestId: number; count: number } => row.count !== null),
  );
}
