import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatCommentsPage } from '@care/contract/chat';
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFileStore } from '#app/files/file-store.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, QUOTAS_OFF, type TestApp } from '#app/test/app.ts';
import { baseUrlOf, openEventClient } from '#app/test/event-stream.ts';
import { EXECUTABLE, png, pngOfSize } from '#app/test/files.ts';
import { insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';
import type { InboundOutcome } from './inbound.service.ts';
import { replyAddress, signReplyToken } from './reply-token.ts';
import { type InboundSmtp, startInboundSmtp } from './smtp-receiver.ts';

const SECRET = 'a-reply-secret-of-at-least-32-characters';
const BASE = 'reply@portal.example';
const MAX_FILE = 64 * 1024;

describe('answers to chat e-mails through the portal’s SMTP receiver (a real SMTP client)', () => {
  let t: TestApp;
  let receiver: InboundSmtp;
  let dir: string;
  const u: Record<string, number> = {};
  const r: Record<string, number> = {};
  let staffCookie = '';
  const outcomes: (InboundOutcome | { kind: 'refused'; reason: string })[] = [];
  let client: Transporter;

  const address = (requestId: number, userId: number, at = new Date()) =>
    replyAddress(BASE, signReplyToken(SECRET, { requestId, userId }, at));
  const send = (mail: Mail.Options) =>
    client.sendMail({ from: 'jan@example.com', subject: 'Re: SR', ...mail });
  const conversation = async (requestId: number) => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/chat/comments?serviceRequestId=${requestId}`,
      headers: { cookie: staffCookie },
    });
    expect(page.statusCode, page.body).toBe(200);
    return (page.json() as ChatCommentsPage).messages;
  };

  beforeAll(async () => {
    t = await createTestApp({ ...QUOTAS_OFF, MAIL_REPLY_ADDRESS: BASE, MAIL_REPLY_SECRET: SECRET });
    const db = t.database.db;
    u.jan = await insertUser(db, { email: 'jan@example.com', language: 'en' });
    u.anna = await insertUser(db, { email: 'anna@example.com' });
    u.gone = await insertUser(db, { email: 'gone@example.com', status: 'deactivated' });
    await insertUser(db, { email: 'piotr@agromech.example', role: 'service' });
    staffCookie = await cookieFor(t.app, 'piotr@agromech.example');
    const machine = await insertOwnedMachine(db, { serialNumber: 'AM-1', ownerId: u.jan });
    const annaMachine = await insertOwnedMachine(db, { serialNumber: 'AM-2', ownerId: u.anna });
    r.jan = await insertRequest(db, { code: 'SR/2026/000201', customerId: u.jan, machineId: machine });
    r.anna = await insertRequest(db, { code: 'SR/2026/000202', customerId: u.anna, machineId: annaMachine });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    dir = await mkdtemp(join(tmpdir(), 'inbound-'));
    receiver = await startInboundSmtp(
      {
        db,
        store: createLocalFileStore(dir),
        limits: { maxFileBytes: MAX_FILE, maxRequestBytes: 4 * MAX_FILE, maxFiles: 3 },
      },
      t.env,
      {
        host: '127.0.0.1',
        port: 0,
        onOutcome: (outcome) => outcomes.push(outcome),
        onError: (error) => outcomes.push({ kind: 'refused', reason: String(error) }),
      },
    );
    client = nodemailer.createTransport({
      host: '127.0.0.1',
      port: receiver.port,
      secure: false,
      ignoreTLS: true,
    });
  });
  beforeEach(() => {
    outcomes.length = 0;
  });
  afterAll(async () => {
    client.close();
    await receiver.close();
    await t.app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('a reply appears in the conversation as its author’s message, without the quoted history, with its attachment', async () => {
    const before = (await conversation(r.jan!)).length;
    await send({
      to: address(r.jan!, u.jan!),
      text: 'Tomorrow at 8 works for me.\n\nOn Fri, 27 Nov 2026 at 10:00, AgroMech Care <reply@portal.example> wrote:\n> Would tomorrow suit you?',
      attachments: [{ filename: 'nameplate.png', content: png() }],
    });
    expect(outcomes).toEqual([{ kind: 'added', messages: 2, refusedFiles: 0 }]);
    const messages = (await conversation(r.jan!)).slice(before);
    expect(messages.map((m) => [m.body, m.file?.name ?? null, m.author?.displayName])).toEqual([
      ['Tomorrow at 8 works for me.', null, 'Jan Kowalski'],
      [null, 'nameplate.png', 'Jan Kowalski'],
    ]);
  });

  it('a reply reaches the staff live, as a message sent in the portal does', async () => {
    const events = await openEventClient(`${baseUrlOf(t.app)}/api/events`, staffCookie);
    try {
      const event = events.next('chat-message');
      await send({ to: address(r.jan!, u.jan!), text: 'Are you there?' });
      expect((await event).data).toMatchObject({ serviceRequestId: String(r.jan) });
    } finally {
      events.close();
    }
  });

  it('an HTML-only reply becomes text', async () => {
    await send({
      to: address(r.jan!, u.jan!),
      html: '<div dir="ltr"><p>The <b>belt</b> is here &amp; fitted.</p><script>alert(1)</script></div>',
    });
    expect(outcomes).toEqual([{ kind: 'added', messages: 1, refusedFiles: 0 }]);
    const last = (await conversation(r.jan!)).at(-1)!;
    expect(last.body).toBe('The belt is here & fitted.');
  });

  it('a forbidden or oversized attachment is refused and named, and the text is kept', async () => {
    await send({
      to: address(r.jan!, u.jan!),
      text: 'Here are the files.',
      attachments: [
        { filename: 'tool.exe', content: EXECUTABLE, contentType: 'image/png' },
        { filename: 'huge.png', content: pngOfSize(MAX_FILE + 1) },
      ],
    });
    expect(outcomes).toEqual([{ kind: 'added', messages: 1, refusedFiles: 2 }]);
    const last = (await conversation(r.jan!)).at(-1)!;
    expect(last.file).toBeNull();
    expect(last.body).toBe(
      'Here are the files.\n\nAttachments of the e-mail that were not added: tool.exe (file type not allowed), huge.png (file too large)',
    );
  });

  it('a forged token, an expired one and an address without one are refused at RCPT TO and add nothing', async () => {
    const before = (await conversation(r.jan!)).length;
    const valid = address(r.jan!, u.jan!);
    const forged = valid.replace(
      /-([0-9a-f]{24})@/,
      (_match, mac: string) => `-${mac.startsWith('0') ? '1' : '0'}${mac.slice(1)}@`,
    );
    const expired = address(r.jan!, u.jan!, new Date(Date.now() - 61 * 86_400_000));
    for (const to of [forged, expired, BASE, 'someone@portal.example']) {
      await expect(send({ to, text: 'Hello?' })).rejects.toMatchObject({ responseCode: 550 });
    }
    expect(outcomes).toEqual([
      { kind: 'refused', reason: 'token forged' },
      { kind: 'refused', reason: 'token expired' },
      { kind: 'refused', reason: 'not a reply address' },
      { kind: 'refused', reason: 'not a reply address' },
    ]);
    expect(await conversation(r.jan!)).toHaveLength(before);
  });

  it('bounces and automatic replies are accepted and ignored', async () => {
    const before = (await conversation(r.jan!)).length;
    const to = address(r.jan!, u.jan!);
    await send({ to, text: 'Delivery failed', envelope: { from: '', to } });
    await send({ to, from: 'MAILER-DAEMON@example.com', text: 'Undeliverable' });
    await send({ to, text: 'I am on holiday.', headers: { 'Auto-Submitted': 'auto-replied' } });
    await send({ to, text: 'I am on holiday.', headers: { 'X-Autoreply': 'yes' } });
    await send({ to, text: 'Newsletter', headers: { Precedence: 'bulk' } });
    await send({
      to,
      raw: `From: jan@example.com\r\nTo: ${to}\r\nSubject: Delivery Status\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nFailed.\r\n--b--\r\n`,
    });
    expect(outcomes).toEqual([
      { kind: 'ignored', reason: 'bounce' },
      { kind: 'ignored', reason: 'bounce' },
      { kind: 'ignored', reason: 'auto-reply' },
      { kind: 'ignored', reason: 'auto-reply' },
      { kind: 'ignored', reason: 'auto-reply' },
      { kind: 'ignored', reason: 'bounce' },
    ]);
    expect(await conversation(r.jan!)).toHaveLength(before);
  });

  it('a reply from another sender, by a deactivated account or to another customer’s request is dropped', async () => {
    await send({ to: address(r.jan!, u.jan!), from: 'forwarded-to@example.com', text: 'Me too!' });
    await send({ to: address(r.jan!, u.gone!), from: 'gone@example.com', text: 'Still here?' });
    await send({ to: address(r.anna!, u.jan!), text: 'Not mine.' });
    expect(outcomes).toEqual([
      { kind: 'dropped', reason: 'sender-mismatch' },
      { kind: 'dropped', reason: 'inactive' },
      { kind: 'dropped', reason: 'no-access' },
    ]);
    expect(await conversation(r.anna!)).toEqual([]);
  });

  it('the same e-mail delivered twice is added once', async () => {
    const before = (await conversation(r.jan!)).length;
    const mail = { to: address(r.jan!, u.jan!), text: 'Once only.', messageId: '<once@example.com>' };
    await send(mail);
    await send(mail);
    expect(outcomes).toEqual([
      { kind: 'added', messages: 1, refusedFiles: 0 },
      { kind: 'ignored', reason: 'duplicate' },
    ]);
    expect(await conversation(r.jan!)).toHaveLength(before + 1);
  });
});
