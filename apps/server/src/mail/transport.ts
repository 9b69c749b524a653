import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '#app/config/env.ts';

export interface OutgoingMail {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /** Unique per queued message (mail/outbox.ts); becomes the Message-ID `<key@domain of MAIL_FROM>`. */
  key?: string;
}

/** Delivers one message or throws; the outbox worker decides about retries. */
export type MailTransport = (mail: OutgoingMail) => Promise<void>;

/**
 * SMTP when SMTP_URL is set (production); otherwise each message becomes a real .eml file under
 * DATA_DIR/mail, readable with any mail program, and a log line names it.
 */
export function createMailTransport(env: Env, log: (message: string) => void): MailTransport {
  const domain = /@([^>\s]+)>?\s*$/.exec(env.MAIL_FROM)?.[1] ?? 'care-portal.invalid';
  const headersOf = ({ key, ...mail }: OutgoingMail) => ({
    from: env.MAIL_FROM,
    ...mail,
    replyTo: mail.replyTo ?? undefined,
    ...(key ? { messageId: `<${key}@${domain}>` } : {}),
  });
  if (env.SMTP_URL) {
    // Bounded waits, well inside the outbox's 120 s lease: a hanging SMTP server fails the attempt (and the
    // message is retried) instead of holding the worker until another instance takes the message over.
    const smtp = nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
    return async (mail) => {
      await smtp.sendMail(headersOf(mail));
    };
  }
  const dir = join(env.DATA_DIR, 'mail');
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (mail) => {
    const info = await writer.sendMail(headersOf(mail));
    await mkdir(dir, { recursive: true });
    const file = join(
      dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
    );
    // Written beside its name and renamed: a reader of the folder (a mail program, the e2e journeys) never
    // opens a half-written message, since the rename makes the whole file appear at once.
    await writeFile(`${file}.part`, info.message as Buffer);
    await rename(`${file}.part`, file);
    log(`mail to ${mail.to}: "${mail.subject}" → ${file}`);
  };
}
