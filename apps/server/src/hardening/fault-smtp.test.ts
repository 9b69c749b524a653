import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '#app/config/env.ts';
import type { Database } from '#app/db/client.ts';
import { mailOutbox } from '#app/db/schema/outbox.ts';
import { clearOutbox } from '#app/test/accounts.ts';
import { createTestDatabase } from '#app/test/app.ts';
import { deliverDueMail, enqueueMail } from '#app/mail/outbox.ts';
import { createMailTransport } from '#app/mail/transport.ts';

/**
 * The mail relay misbehaving (`npm run faults -- smtp-outage` runs this against the whole server): a real SMTP
 * server on loopback that answers 451, or takes a message and drops the connection before its reply.
 */
type Mode = 'accept' | 'tempfail' | 'drop-after-data';

async function startRelay() {
  const relay = { mode: 'accept' as Mode, messageIds: [] as string[], port: 0, server: null as unknown };
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (relay.mode === 'tempfail')
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        const raw = Buffer.concat(chunks).toString('utf8');
        relay.messageIds.push(/^Message-ID:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '');
        if (relay.mode === 'accept') return callback();
        relay.mode = 'accept';
        // The whole message arrived, but the sender never hears so.
        for (const connection of server.connections) {
          const c = connection as unknown as { session?: { id?: string }; _socket?: { destroy(): void } };
          if (c.session?.id === session.id) c._socket?.destroy();
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  relay.port = (server.server.address() as AddressInfo).port;
  relay.server = server;
  return { relay, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('mail relay faults', () => {
  let database: Database;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let transport: ReturnType<typeof createMailTransport>;

  beforeAll(async () => {
    database = await createTestDatabase();
    relay = await startRelay();
    transport = createMailTransport(parseEnv({ SMTP_URL: `smtp://127.0.0.1:${relay.relay.port}` }), () => {});
  });
  afterAll(async () => {
    await relay.close();
    await database.close();
  });
  beforeEach(async () => {
    await clearOutbox(database.db);
    relay.relay.messageIds.length = 0;
    relay.relay.mode = 'accept';
  });

  const queue = () =>
    enqueueMail(database.db, {
      to: 'jan@example.com',
      subject: 'Fault',
      text: 'text',
      html: '<p>text</p>',
      kind: 'fault-test',
      language: 'pl',
    });
  const rows = async () =>
    (await database.db.execute(
      sql`SELECT id, attempts, sent_at IS NOT NULL AS sent, last_error FROM ${mailOutbox} ORDER BY id`,
    )) as unknown as { rows: { id: number; attempts: number; sent: boolean; last_error: string | null }[] };
  /** The retry is due at once (instead of 30 s later): the test moves the row's clock, not the worker's rules. */
  const makeDue = () => database.db.execute(sql`UPDATE ${mailOutbox} SET next_attempt_at = now()`);

  it('keeps a message answered 451 queued and delivers it once, under its own Message-ID, when the relay takes it', async () => {
    await queue();
    relay.relay.mode = 'tempfail';
    expect(await deliverDueMail(database.db, transport)).toBe(0);
    const [failed] = (await rows()).rows;
    expect(failed).toMatchObject({ attempts: 1, sent: false });
    expect(failed!.last_error).toMatch(/451/);
    relay.relay.mode = 'accept';
    await makeDue();
    expect(await deliverDueMail(database.db, transport)).toBe(1);
    expect(await deliverDueMail(database.db, transport)).toBe(0);
    expect(relay.relay.messageIds).toHaveLength(1);
    expect(relay.relay.messageIds[0]).toMatch(new RegExp(`^<outbox-${failed!.id}-\\d+@agromech\\.example>$`));
  });

  it('sends a message again after the connection dropped past DATA (at-least-once), with the same Message-ID', async () => {
    await queue();
    relay.relay.mode = 'drop-after-data';
    expect(await deliverDueMail(database.db, transport)).toBe(0);
    expect((await rows()).rows[0]).toMatchObject({ attempts: 1, sent: false });
    await makeDue();
    expect(await deliverDueMail(database.db, transport)).toBe(1);
    expect(relay.relay.messageIds).toHaveLength(2);
    expect(relay.relay.messageIds[1]).toBe(relay.relay.messageIds[0]);
  });
});
