import type { Language } from '@care/contract/locales';
import { paths } from '@care/contract/pages';
import { SERVICE_STAFF_ROLES } from '@care/contract/roles';
import { type SQL, sql } from 'drizzle-orm';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { displayNameSql } from '#app/db/display-name.ts';
import { chatMessages, chatReadMarkers } from '#app/db/schema/chat.ts';
import { chatMailCursors } from '#app/db/schema/chat-mail.ts';
import { files } from '#app/db/schema/files.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { users } from '#app/db/schema/users.ts';
import { notificationOn } from '#app/features/user/notification-settings.ts';
import { type Periodic, runPeriodically } from '#app/jobs/periodic.ts';
import { enqueueMail } from '#app/mail/outbox.ts';
import { chatMailTemplates, type MailedMessage } from './chat-mail.templates.ts';
import { recipientOfCustomerMessage } from './recipient.ts';
import { replyAddress, signReplyToken } from './reply-token.ts';

/*
 * Chat e-mails when someone is not looking (docs/decisions/063). A request's messages for one side — staff replies
 * for the customer, the customer's messages for the staff — are e-mailed together once the oldest of them is
 * CHAT_MAIL_DELAY_S old (10 minutes), so a burst of messages makes one e-mail. Read in the portal meanwhile: not e-mailed (the lower
 * bound is the later of the side's e-mail cursor and its read marker). Each e-mail is queued in the transaction
 * that moves chat_mail_cursors forward from the value the run read, so another instance's run sends nothing twice.
 */

/** Messages older than this are not e-mailed any more (an account that turns the e-mails back on, a long outage). */
const LOOKBACK = '7 days';
/**
 * Candidates a round takes per side, oldest first. Finding them costs the same for 50 or 500 (the scan of the
 * requests written to), so a backlog (a first deployment, an outage: care_bench held 7,924) is caught up in a few
 * rounds rather than 160, and the watermark then spares the scan (it moves only after a round that was not full).
 */
const BATCH = 500;
const staffRoles = sql.join(
  SERVICE_STAFF_ROLES.map((role) => sql`${role}`),
  sql`, `,
);
type Audience = 'customer' | 'staff';

interface Side {
  /** Which messages count for this side, on chat_messages `m`, its author `a` and the request `r`. */
  messages: SQL;
  /** How far the side has read in the portal, on the request `r`. */
  readUpTo: SQL;
  /**
   * The side wants the e-mail (on the request `r` and its customer `u`). When not, the cursor moves all the same:
   * what was written while the e-mails were off is not sent when they are turned on again.
   */
  wanted: SQL;
}

const SIDES: Record<Audience, Side> = {
  customer: {
    // Internal notes are for the staff only: never e-mailed to the customer.
    messages: sql`a.role IN (${staffRoles}) AND NOT m.internal`,
    readUpTo: sql`(SELECT k.last_read_message_id FROM ${chatReadMarkers} k
      WHERE k.service_request_id = r.id AND k.user_id = r.customer_id)`,
    wanted: sql`u.status = 'active' AND ${notificationOn(sql`u.id`, 'notifications.staff-replies')}`,
  },
  staff: {
    messages: sql`m.author_id = r.customer_id`,
    // Anyone of the staff who read them in the portal: the request is being looked after.
    readUpTo: sql`(SELECT max(k.last_read_message_id) FROM ${chatReadMarkers} k JOIN ${users} s ON s.id = k.user_id
      WHERE k.service_request_id = r.id AND s.role IN (${staffRoles}))`,
    wanted: sql`true`,
  },
};

interface Candidate {
  request_id: number | string;
  code: string;
  cursor: number | string | null;
  from_id: number | string;
  last_id: number | string;
  customer_id: number | string;
  email: string;
  first_name: string;
  language: Language;
  wanted: boolean;
}

/**
 * Per side, a moment such that every request whose last message is older has nothing left to e-mail: the rounds
 * of one instance keep it (startChatMailDigests), so that a round reads the requests written to since then
 * instead of every request of the last LOOKBACK (17,000 in care_bench: 0.3–0.8 s of PostgreSQL a side, each
 * minute on each instance; docs/perf.md "Issue 17"). Absent: the whole LOOKBACK (an instance's first round).
 */
export type ChatMailWatermark = Partial<Record<Audience, Date>>;

/**
 * How far before the moment a round settled the next one still reads: a message is dealt with by the round that
 * finds it due (CHAT_MAIL_DELAY_S after it was written), so only a writing transaction still open that long later
 * could be missed; this much more covers clocks and slow commits.
 */
const WATERMARK_MARGIN_MS = 60_000;

async function candidates(
  db: Db,
  audience: Audience,
  now: Date,
  delaySeconds: number,
  since: Date | undefined,
): Promise<Candidate[]> {
  const side = SIDES[audience];
  const at = sql`${now.toISOString()}::timestamptz`;
  // The request's last message moves with every message either side may be e-mailed (not with internal notes).
  const active = since
    ? sql`r.last_message_at > greatest(${at} - ${LOOKBACK}::interval, ${since.toISOString()}::timestamptz)`
    : sql`r.last_message_at > ${at} - ${LOOKBACK}::interval`;
  const result = (await db.execute(sql`
    SELECT r.id AS request_id, r.code, c.last_message_id AS cursor, b.from_id, p.last_id,
      u.id AS customer_id, u.email, u.first_name, u.language, (${side.wanted}) AS wanted
    FROM ${serviceRequests} r
    JOIN ${users} u ON u.id = r.customer_id
    LEFT JOIN ${chatMailCursors} c ON c.service_request_id = r.id AND c.audience = ${audience}
    CROSS JOIN LATERAL (SELECT greatest(c.last_message_id, ${side.readUpTo}, 0) AS from_id) b
    CROSS JOIN LATERAL (
      SELECT min(m.created_at) AS first_at, max(m.id) AS last_id
      FROM ${chatMessages} m JOIN ${users} a ON a.id = m.author_id
      WHERE m.service_request_id = r.id AND m.id > b.from_id
        AND m.created_at > ${at} - ${LOOKBACK}::interval AND ${side.messages}) p
    WHERE ${active}
      AND p.last_id IS NOT NULL
      AND p.first_at <= ${at} - make_interval(secs => ${delaySeconds})
    ORDER BY p.first_at LIMIT ${BATCH}`)) as { rows: Candidate[] };
  return result.rows;
}

/** Moves the cursor from the value the run read; false when another run moved it first. */
async function claim(tx: Db, audience: Audience, c: Candidate): Promise<boolean> {
  const moved = (await tx.execute(sql`
    INSERT INTO ${chatMailCursors} (service_request_id, audience, last_message_id)
    VALUES (${c.request_id}, ${audience}, ${c.last_id})
    ON CONFLICT (service_request_id, audience) DO UPDATE
      SET last_message_id = excluded.last_message_id, mailed_at = now()
      WHERE ${chatMailCursors.lastMessageId} = ${c.cursor ?? -1}
    RETURNING 1`)) as { rows: unknown[] };
  return moved.rows.length === 1;
}

async function messagesOf(tx: Db, audience: Audience, c: Candidate): Promise<MailedMessage[]> {
  const result = (await tx.execute(sql`
    SELECT ${displayNameSql({ firstName: sql`a.first_name`, lastName: sql`a.last_name`, email: sql`a.email` })} AS author,
      m.body, f.original_name AS file_name
    FROM ${chatMessages} m JOIN ${users} a ON a.id = m.author_id
    JOIN ${serviceRequests} r ON r.id = m.service_request_id
    LEFT JOIN ${files} f ON f.id = m.file_id
    WHERE m.service_request_id = ${c.request_id} AND m.id > ${c.from_id} AND m.id <= ${c.last_id}
      AND ${SIDES[audience].messages}
    ORDER BY m.id`)) as { rows: { author: string; body: string | null; file_name: string | null }[] };
  return result.rows.map((row) => ({ author: row.author, body: row.body, fileName: row.file_name }));
}

function replyTo(env: Env, requestId: number, userId: number | null, now: Date): string | undefined {
  if (!env.MAIL_REPLY_ADDRESS || !env.MAIL_REPLY_SECRET || userId === null) return undefined;
  return replyAddress(
    env.MAIL_REPLY_ADDRESS,
    signReplyToken(env.MAIL_REPLY_SECRET, { requestId, userId }, now),
  );
}

async function mailOne(db: Db, env: Env, audience: Audience, c: Candidate, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claim(tx, audience, c)) || !c.wanted) return false;
    const messages = await messagesOf(tx, audience, c);
    if (messages.length === 0) return false;
    const requestId = Number(c.request_id);
    const base = `${env.PUBLIC_URL}${env.BASE_PATH}`;
    // The customer hears of staff replies; the request's owner (or the service inbox) of customer messages.
    const to =
      audience === 'customer'
        ? { userId: Number(c.customer_id), email: c.email, language: c.language, firstName: c.first_name }
        : await recipientOfCustomerMessage(tx, env, requestId);
    const reply = replyTo(env, requestId, to.userId, now);
    const content = {
      name: to.firstName,
      brand: env.BRAND_NAME,
      code: c.code,
      messages,
      canReply: reply !== undefined,
    };
    const mail =
      audience === 'customer'
        ? chatMailTemplates.staffReplies(to.language, { ...content, url: base + paths.service(requestId) })
        : chatMailTemplates.customerMessages(to.language, {
            ...content,
            url: base + paths.staffServiceRequest(requestId),
          });
    await enqueueMail(tx, {
      to: to.email,
      // Without a reply token (the service inbox) an answer to a customer's messages goes to the customer directly.
      replyTo: reply ?? (audience === 'staff' ? c.email : undefined),
      ...mail,
      kind: audience === 'customer' ? 'chat-staff-replies' : 'chat-customer-messages',
      language: to.language,
    });
    return true;
  });
}

export interface ChatMailRun {
  toCustomers: number;
  toStaff: number;
}

/**
 * One round: every side whose oldest unread, un-e-mailed message is at least CHAT_MAIL_DELAY_S old at `now`. With
 * a `watermark`, only the requests written to since it, and a side whose every candidate was dealt with moves it.
 */
export async function runChatMailDigests(
  db: Db,
  env: Env,
  now = new Date(),
  watermark?: ChatMailWatermark,
): Promise<ChatMailRun> {
  const run: ChatMailRun = { toCustomers: 0, toStaff: 0 };
  for (const audience of ['customer', 'staff'] as const) {
    const found = await candidates(db, audience, now, env.CHAT_MAIL_DELAY_S, watermark?.[audience]);
    for (const candidate of found) {
      if (await mailOne(db, env, audience, candidate, now)) {
        if (audience === 'customer') run.toCustomers++;
        else run.toStaff++;
      }
    }
    // A full batch may have left candidates for the next round: the watermark stays until one is not full.
    if (watermark && found.length < BATCH)
      watermark[audience] = new Date(now.getTime() - env.CHAT_MAIL_DELAY_S * 1000 - WATERMARK_MARGIN_MS);
  }
  return run;
}

/**
 * Every instance runs the rounds each minute (as often as the delay, when CHAT_MAIL_DELAY_S is shorter than that:
 * the journeys' servers); the cursors keep them from sending anything twice.
 */
export function startChatMailDigests(
  db: Db,
  env: Env,
  { onError, onMailQueued }: { onError: (error: unknown) => void; onMailQueued: () => void },
): Periodic {
  const intervalMs = Math.min(60_000, env.CHAT_MAIL_DELAY_S * 1000);
  const watermark: ChatMailWatermark = {};
  return runPeriodically(
    () =>
      runChatMailDigests(db, env, new Date(), watermark).then((run) => {
        if (run.toCustomers + run.toStaff > 0) onMailQueued();
      }, onError),
    { intervalMs, firstMs: Math.min(5_000, intervalMs) },
  );
}
