import type { Language } from '@care/contract/locales';
import { sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { mailOutbox } from '#app/db/schema/outbox.ts';
import type { MailTransport } from './transport.ts';

export interface QueuedMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  language: Language;
}

/** Queues a message; call it with the transaction that makes the change, so both happen or neither. */
export async function enqueueMail(db: Db, mail: QueuedMail): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: mail.to,
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    kind: mail.kind,
    language: mail.language,
  });
}

export const MAX_ATTEMPTS = 12;
/** How long a claimed message is hidden from other workers while it is being sent. */
const LEASE_SECONDS = 120;

/** 30 s, 1 min, 2 min, … capped at 1 h: about 8 hours of SMTP outage before a message is given up. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

interface ClaimedRow {
  id: number;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  created_ms: string;
}

/**
 * Sends the due messages once. Rows are claimed with FOR UPDATE SKIP LOCKED and leased by pushing
 * next_attempt_at forward, so several instances never send the same message at the same time.
 * Returns how many were sent.
 */
export async function deliverDueMail(db: Db, transport: MailTransport, batch = 20): Promise<number> {
  const claimed = (await db.execute(sql`
    UPDATE ${mailOutbox} SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE id IN (
      SELECT id FROM ${mailOutbox}
      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id LIMIT ${batch}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, to_address, reply_to, subject, text, html, attempts,
      (extract(epoch FROM created_at) * 1000)::bigint::text AS created_ms`)) as { rows: ClaimedRow[] };

  let sent = 0;
  for (const row of claimed.rows) {
    try {
      await transport({
        to: row.to_address,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        // The same Message-ID on every attempt: a retry after a connection lost past DATA (at-least-once
        // delivery) shows as a duplicate that mail servers and clients can recognise.
        key: `outbox-${row.id}-${row.created_ms}`,
      });
      await db.execute(sql`UPDATE ${mailOutbox} SET sent_at = now(), last_error = NULL WHERE id = ${row.id}`);
      sent++;
    } catch (error) {
      const message = (error as Error).message?.slice(0, 1000) ?? String(error);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await db.execute(sql`
        UPDATE ${mailOutbox} SET last_error = ${message},
          next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts)}),
          failed_at = ${giveUp ? sql`now()` : sql`NULL`}
        WHERE id = ${row.id}`);
    }
  }
  return sent;
}

export interface OutboxWorker {
  /** Asks for a delivery round soon (after a message was queued). */
  kick(): void;
  stop(): Promise<void>;
}

/** Polls the outbox every `intervalMs` and on kick(); one round at a time per instance. */
export function startOutboxWorker(
  db: Db,
  transport: MailTransport,
  onError: (error: unknown) => void,
  intervalMs = 5000,
): OutboxWorker {
  let running: Promise<void> | null = null;
  let stopped = false;
  const round = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        while (!stopped && (await deliverDueMail(db, transport)) > 0);
      } catch (error) {
        onError(error);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(round, intervalMs);
  timer.unref();
  round();
  return {
    kick: () => setTimeout(round, 10).unref(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
