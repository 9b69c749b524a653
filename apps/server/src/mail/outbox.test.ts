import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '#app/config/env.ts';
import type { Database } from '#app/db/client.ts';
import { mailOutbox } from '#app/db/schema/outbox.ts';
import { clearOutbox, queuedMail } from '#app/test/accounts.ts';
import { createTestDatabase } from '#app/test/app.ts';
import { startSmtp } from '#app/test/smtp.ts';
import { deliverDueMail, enqueueMail, retryDelaySeconds, startOutboxWorker } from './outbox.ts';
import { mailTemplates } from './templates.ts';
import { createMailTransport } from './transport.ts';

async function queueConfirmation(database: Database, to: string): Promise<void> {
  const mail = mailTemplates.confirmRegistration('pl', {
    name: 'Jan',
    url: 'https://care.example/confirm/abc/x',
    brand: 'AgroMech',
  });
  await enqueueMail(database.db, { to, ...mail, kind: 'confirm-registration', language: 'pl' });
}

const logs: string[] = [];
const log = (line: string) => logs.push(line);

describe('mail outbox and delivery', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await clearOutbox(database.db);
  });

  it('writes a real .eml file under DATA_DIR/mail when no SMTP server is configured', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'care-mail-'));
    try {
      const transport = createMailTransport(parseEnv({ DATA_DIR: dataDir }), log);
      await queueConfirmation(database, 'jan@example.com');
      expect(await deliverDueMail(database.db, transport)).toBe(1);
      const files = await readdir(join(dataDir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = await readFile(join(dataDir, 'mail', files[0]!), 'utf8');
      expect(eml).toMatch(/^To: jan@example\.com$/m);
      expect(eml).toMatch(/^From: AgroMech Care <no-reply@agromech\.example>$/m);
      expect(eml).toContain('multipart/alternative');
      expect(eml).toContain('https://care.example/confirm/abc/x');
      expect(logs.at(-1)).toContain(files[0]);
      const [row] = await queuedMail(database.db, 'jan@example.com');
      expect(row!.sentAt).toBeInstanceOf(Date);
      expect(row!.attempts).toBe(1);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('delivers to a real SMTP server through the worker', async () => {
    const smtp = await startSmtp();
    const worker = startOutboxWorker(
      database.db,
      createMailTransport(parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }), log),
      (error) => {
        throw error;
      },
      50,
    );
    try {
      await queueConfirmation(database, 'anna@example.com');
      worker.kick();
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
      expect(smtp.received[0]).toMatch(/^To: anna@example\.com\r?$/m);
      expect(smtp.received[0]).toContain('https://care.example/confirm/abc/x');
      await expect
        .poll(async () => (await queuedMail(database.db, 'anna@example.com'))[0]!.sentAt)
        .toBeInstanceOf(Date);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('keeps a message queued while the SMTP server is down and delivers it exactly once when it is back', async () => {
    // Find a free port, then leave it closed: the "server is down" state.
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close();
    const transport = createMailTransport(parseEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` }), log);

    await queueConfirmation(database, 'outage@example.com');
    expect(await deliverDueMail(database.db, transport)).toBe(0);
    let [row] = await queuedMail(database.db, 'outage@example.com');
    expect(row).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    const waitSeconds = (row!.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(waitSeconds).toBeGreaterThan(retryDelaySeconds(1) - 5);
    // Not due yet: another round does not retry it.
    expect(await deliverDueMail(database.db, transport)).toBe(0);
    expect((await queuedMail(database.db, 'outage@example.com'))[0]!.attempts).toBe(1);

    const smtp = await startSmtp(port);
    try {
      // The back-off has passed.
      await database.db.execute(sql`UPDATE ${mailOutbox} SET next_attempt_at = now()`);
      expect(await deliverDueMail(database.db, transport)).toBe(1);
      expect(await deliverDueMail(database.db, transport)).toBe(0);
      await database.db.execute(sql`UPDATE ${mailOutbox} SET next_attempt_at = now()`);
      expect(await deliverDueMail(database.db, transport)).toBe(0);
      expect(smtp.received).toHaveLength(1);
      [row] = await queuedMail(database.db, 'outage@example.com');
      expect(row).toMatchObject({ attempts: 2, lastError: null });
      expect(row!.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it('never sends a message twice when two workers run at once', async () => {
    const smtp = await startSmtp();
    try {
      const transport = createMailTransport(parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }), log);
      for (let i = 0; i < 6; i++) await queueConfirmation(database, `many${i}@example.com`);
      const [a, b] = await Promise.all([
        deliverDueMail(database.db, transport, 3),
        deliverDueMail(database.db, transport, 3),
      ]);
      const rest = await deliverDueMail(database.db, transport);
      expect(a + b + rest).toBe(6);
      expect(smtp.received).toHaveLength(6);
      expect(new Set(smtp.received.map((m) => /^To: (.*)$/m.exec(m)?.[1]?.trim())).size).toBe(6);
    } finally {
      await smtp.close();
    }
  });

  it('backs off from 30 seconds to at most an hour between attempts', () => {
    expect([1, 2, 3, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600, 3600]);
  });
});

describe('mail templates', () => {
  it('writes every message in pl, en and de with its link, and escapes names in HTML', () => {
    for (const template of [
      mailTemplates.confirmRegistration,
      mailTemplates.alreadyRegistered,
      mailTemplates.resetPassword,
    ]) {
      const subjects = new Set<string>();
      for (const language of ['pl', 'en', 'de'] as const) {
        const mail = template(language, {
          name: "D'Angelo",
          url: 'https://care.example/x?a=1&b=2',
          brand: 'AgroMech',
        });
        subjects.add(mail.subject);
        expect(mail.text).toContain('https://care.example/x?a=1&b=2');
        expect(mail.text).toContain("D'Angelo,");
        expect(mail.html).toContain('https://care.example/x?a=1&amp;b=2');
        expect(mail.html).toContain('D&#39;Angelo,');
        // A name that is not a plain name (markup, a link, a line break, too long) is left out of the greeting.
        for (const name of ['<b>Jan</b>', 'Jan https://evil.example', 'Jan\nKliknij', 'Ł'.repeat(51)]) {
          const hostile = template(language, { name, url: 'https://x', brand: 'AgroMech' });
          expect(hostile.text.split('\n')[0], name).toMatch(/^(Dzień dobry|Hello|Guten Tag),$/);
          expect(hostile.text + hostile.html, name).not.toContain(name);
        }
      }
      expect(subjects.size).toBe(3);
    }
  });

  it('greets without a name when the account has none', () => {
    expect(mailTemplates.resetPassword('de', { name: '', url: 'https://x', brand: 'B' }).text).toMatch(
      /^Guten Tag,/,
    );
  });
});
