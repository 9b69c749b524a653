import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '#app/config/env.ts';

export interface OutgoingMail {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
}

/** Delivers one message or throws; the outbox worker decides about retries. */
export type MailTransport = (mail: OutgoingMail) => Promise<void>;

/**
 * SMTP when SMTP_URL is set (production); otherwise each message becomes a real .eml file under
 * DATA_DIR/mail, readable with any mail program, and a log line names it.
 */
export function createMailTransport(env: Env, log: (message: string) => void): MailTransport {
  if (env.SMTP_URL) {
    const smtp = nodemailer.createTransport(env.SMTP_URL);
    return async (mail) => {
      await smtp.sendMail({ from: env.MAIL_FROM, ...mail, replyTo: mail.replyTo ?? undefined });
    };
  }
  const dir = join(env.DATA_DIR, 'mail');
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (mail) => {
    const info = await writer.sendMail({ from: env.MAIL_FROM, ...mail, replyTo: mail.replyTo ?? undefined });
    await mkdir(dir, { recursive: true });
    const file = join(
      dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
    );
    await writeFile(file, info.message as Buffer);
    log(`mail to ${mail.to}: "${mail.subject}" → ${file}`);
  };
}
