import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '#app/db/schema/outbox.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { userSettings } from '#app/db/schema/users.ts';
import { clearOutbox, cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, QUOTAS_OFF, type TestApp } from '#app/test/app.ts';
import { insertOwnedMachine, insertRequest, markRead } from '#app/test/service-requests.ts';
import { type ChatMailWatermark, runChatMailDigests } from './digests.ts';
import { tokenOfAddress, verifyReplyToken } from './reply-token.ts';

const SECRET = 'a-reply-secret-of-at-least-32-characters';
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('chat e-mails: staff replies to the customer, customer messages to the staff', () => {
  let t: TestApp;
  const u: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  let request = 0;
  let counter = 0;

  const say = async (as: string, body: string) => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/chat/comment',
      headers: { cookie: cookie[as]! },
      payload: { serviceRequestId: String(request), body, clientId: randomUUID() },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return Number(sent.json().id);
  };
  const outbox = () => t.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
  const run = (minutes: number) => runChatMailDigests(t.database.db, t.env, minutesFromNow(minutes));

  beforeAll(async () => {
    t = await createTestApp({
      ...QUOTAS_OFF,
      MAIL_REPLY_ADDRESS: 'reply@portal.example',
      MAIL_REPLY_SECRET: SECRET,
      SERVICE_EMAIL: 'inbox@agromech.example',
    });
    const db = t.database.db;
    u.kunde = await insertUser(db, { email: 'kunde@example.com', firstName: 'Hans', language: 'de' });
    u.staff = await insertUser(db, { email: 'piotr@agromech.example', role: 'service', firstName: 'Piotr' });
    u.owner = await insertUser(db, {
      email: 'owner@agromech.example',
      role: 'service',
      firstName: 'Olivia',
      language: 'en',
    });
    cookie.kunde = await cookieFor(t.app, 'kunde@example.com');
    cookie.staff = await cookieFor(t.app, 'piotr@agromech.example');
  });
  beforeEach(async () => {
    // Each test on a request of its own, so cursors and read markers of another test do not count.
    const machine = await insertOwnedMachine(t.database.db, {
      serialNumber: `DE-${++counter}`,
      ownerId: u.kunde!,
    });
    request = await insertRequest(t.database.db, {
      code: `SR/2026/00010${counter}`,
      customerId: u.kunde!,
      machineId: machine,
    });
    await clearOutbox(t.database.db);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('several staff replies within 10 minutes make one e-mail to the customer, in their language, with a reply address', async () => {
    await say('staff', 'Wir brauchen ein Foto des Typenschilds.');
    await say('staff', 'Und die Betriebsstunden, bitte.');
    expect(await run(5)).toEqual({ toCustomers: 0, toStaff: 0 });
    expect(await outbox()).toEqual([]);

    expect(await run(11)).toEqual({ toCustomers: 1, toStaff: 0 });
    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(mail!.toAddress).toBe('kunde@example.com');
    expect(mail!.language).toBe('de');
    expect(mail!.subject).toBe(`Neue Antworten des Service (2): SR/2026/00010${counter}`);
    expect(mail!.text).toContain('Guten Tag, Hans,');
    expect(mail!.text).toContain('Wir brauchen ein Foto des Typenschilds.');
    expect(mail!.text).toContain('Und die Betriebsstunden, bitte.');
    const token = tokenOfAddress('reply@portal.example', mail!.replyTo!);
    expect(verifyReplyToken(SECRET, token!, new Date())).toEqual({
      ok: true,
      target: { requestId: request, userId: u.kunde },
    });

    // Already e-mailed: the next round sends nothing; a later reply makes a new e-mail of its own.
    expect(await run(12)).toEqual({ toCustomers: 0, toStaff: 0 });
    await say('staff', 'Danke!');
    expect(await run(22)).toEqual({ toCustomers: 1, toStaff: 0 });
    const last = (await outbox()).at(-1)!;
    expect(last.subject).toBe(`Neue Antwort des Service: SR/2026/00010${counter}`);
    expect(last.text).not.toContain('Betriebsstunden');
  });

  it('CHAT_MAIL_DELAY_S sets how long a reply waits for the ones after it (the journeys shorten it)', async () => {
    await say('staff', 'Das Ersatzteil ist da.');
    const after = (seconds: number) =>
      runChatMailDigests(
        t.database.db,
        { ...t.env, CHAT_MAIL_DELAY_S: 30 },
        new Date(Date.now() + seconds * 1000),
      );
    expect(await after(20)).toEqual({ toCustomers: 0, toStaff: 0 });
    expect(await after(31)).toEqual({ toCustomers: 1, toStaff: 0 });
    expect((await outbox()).map((mail) => mail.toAddress)).toEqual(['kunde@example.com']);
  });

  it('replies the customer read in the portal meanwhile are not e-mailed', async () => {
    const id = await say('staff', 'Termin am Montag?');
    await markRead(t.database.db, u.kunde!, request, id);
    expect(await run(11)).toEqual({ toCustomers: 0, toStaff: 0 });
    expect(await outbox()).toEqual([]);
  });

  it('a customer who turned staff replies off gets no e-mail, nor later for the replies of that time', async () => {
    await t.database.db
      .insert(userSettings)
      .values({ userId: u.kunde!, key: 'notifications.staff-replies', value: false });
    try {
      await say('staff', 'Termin am Dienstag?');
      expect(await run(11)).toEqual({ toCustomers: 0, toStaff: 0 });
    } finally {
      await t.database.db.delete(userSettings).where(eq(userSettings.key, 'notifications.staff-replies'));
    }
    expect(await run(12)).toEqual({ toCustomers: 0, toStaff: 0 });
    expect(await outbox()).toEqual([]);
  });

  it('internal notes are never e-mailed to the customer', async () => {
    await t.database.db.execute(sql`INSERT INTO chat_messages (service_request_id, author_id, body, internal)
      VALUES (${request}, ${u.staff}, 'Kunde zahlt selbst, nicht erwähnen', true)`);
    expect(await run(11)).toEqual({ toCustomers: 0, toStaff: 0 });
    await say('staff', 'Die Teile sind bestellt.');
    expect(await run(22)).toEqual({ toCustomers: 1, toStaff: 0 });
    const [mail] = await outbox();
    expect(mail!.text).toContain('Die Teile sind bestellt.');
    expect(mail!.text).not.toContain('nicht erwähnen');
  });

  it('customer messages e-mail the service inbox in Polish while nobody owns the request, replies going to the customer', async () => {
    await say('kunde', 'Die Maschine steht still.');
    await say('kunde', 'Es ist dringend.');
    expect(await run(11)).toEqual({ toCustomers: 0, toStaff: 1 });
    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(mail!.toAddress).toBe('inbox@agromech.example');
    expect(mail!.language).toBe('pl');
    expect(mail!.replyTo).toBe('kunde@example.com');
    expect(mail!.subject).toBe(`Nowe wiadomości klienta (2): SR/2026/00010${counter}`);
    expect(mail!.text).toContain('Die Maschine steht still.');
    expect(mail!.text).toContain(`/staff/service-requests/${request}`);
  });

  it('customer messages e-mail the request’s owner, in their language, with their own reply address', async () => {
    await t.database.db
      .update(serviceRequests)
      .set({ assignedTo: u.owner! })
      .where(eq(serviceRequests.id, request));
    await say('kunde', 'Ist das Teil schon da?');
    expect(await run(11)).toEqual({ toCustomers: 0, toStaff: 1 });
    const [mail] = await outbox();
    expect(mail!.toAddress).toBe('owner@agromech.example');
    expect(mail!.subject).toBe(`New customer message: SR/2026/00010${counter}`);
    expect(mail!.text).toContain('Hello Olivia,');
    const token = tokenOfAddress('reply@portal.example', mail!.replyTo!);
    expect(verifyReplyToken(SECRET, token!, new Date())).toEqual({
      ok: true,
      target: { requestId: request, userId: u.owner },
    });
  });

  it('customer messages someone of the staff read in the portal are not e-mailed', async () => {
    const id = await say('kunde', 'Hallo?');
    await markRead(t.database.db, u.staff!, request, id);
    expect(await run(11)).toEqual({ toCustomers: 0, toStaff: 0 });
  });

  it('two rounds at the same time (two instances) send one e-mail', async () => {
    await say('staff', 'Bitte um Rückruf.');
    const runs = await Promise.all([run(11), run(11)]);
    expect(runs.reduce((sum, r) => sum + r.toCustomers, 0)).toBe(1);
    expect(await outbox()).toHaveLength(1);
  });

  it('with a watermark a round reads only the requests written to since, and moves it past what it dealt with', async () => {
    await say('staff', 'Die Maschine ist fertig.');
    // A watermark after the reply: this request is not read, so nothing is sent yet.
    const later: ChatMailWatermark = { customer: minutesFromNow(1), staff: minutesFromNow(1) };
    expect(await runChatMailDigests(t.database.db, t.env, minutesFromNow(11), later)).toEqual({
      toCustomers: 0,
      toStaff: 0,
    });
    // An instance's first round (no watermark yet) reads the whole look-back: the reply is e-mailed...
    const watermark: ChatMailWatermark = {};
    const at = minutesFromNow(11);
    expect(await runChatMailDigests(t.database.db, t.env, at, watermark)).toEqual({
      toCustomers: 1,
      toStaff: 0,
    });
    // ...and every candidate was dealt with, so the next round starts from the delay and a minute before it.
    const settled = at.getTime() - t.env.CHAT_MAIL_DELAY_S * 1000 - 60_000;
    expect(watermark).toEqual({ customer: new Date(settled), staff: new Date(settled) });
    // A message written after the watermark is read and e-mailed in its turn.
    await say('staff', 'Bis morgen.');
    expect(await runChatMailDigests(t.database.db, t.env, minutesFromNow(12), watermark)).toEqual({
      toCustomers: 1,
      toStaff: 0,
    });
  });
});
