import { randomUUID } from 'node:crypto';
import type { ChatCommentsPage, ChatMessage, ChatUnread } from '@care/contract/chat';
import { ENDPOINTS } from '@care/contract/endpoints';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatReadMarkers, chatUnreadCounts } from '#app/db/schema/chat.ts';
import { mailOutbox } from '#app/db/schema/outbox.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { cookieFor, insertUser } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import { baseUrlOf, type EventClient, openEventClient } from '#app/test/event-stream.ts';
import { png } from '#app/test/files.ts';
import { insertOwnedMachine, insertRequest, postMultipart } from '#app/test/service-requests.ts';

/**
 * Issue 18: an internal note is the service department's. Every read a customer can make (each GET endpoint of
 * the contract open to a customer), the event stream, the unread counters and the e-mail outbox are walked with
 * a request that has a note, and the note's text and id appear in none of them.
 */

const NOTE_TEXT = 'NOTATKA-WEWNETRZNA: klient marudzi, dać rabat';
/** The note gets an id no other row of the test has, so its appearance anywhere in an answer is unmistakable. */
const NOTE_ID = '987654321';

/** How the customer calls each GET endpoint open to them (ids of their own rows filled in). */
type Ids = { request: number; machine: number; attachment: string; chatFile: string };
const CUSTOMER_READS: Record<string, (ids: Ids) => string[]> = {
  'auth.captcha': () => ['/auth/captcha'],
  'brand.get': () => ['/api/brand'],
  'catalog.folders': () => ['/api/catalog-folders'],
  'catalog.cards': () => ['/api/catalog-cards?folderId=1'],
  'catalog.card': () => ['/api/catalog-cards/1'],
  'catalog.drawing': () => ['/api/catalog-cards/1/drawing'],
  'catalog.search': () => ['/api/parts?q=rabat'],
  'catalog.count': () => ['/api/parts/count?q=rabat'],
  'catalog.hints': () => ['/api/parts/hints?q=rabat'],
  'catalog.paths': () => ['/api/parts/paths?partId=1'],
  'catalog.breadcrumbs': () => ['/api/parts/breadcrumbs?folderId=1'],
  'catalog.part': () => ['/api/parts/1'],
  'catalog.file': () => ['/api/catalog-files/1'],
  'chat.listComments': ({ request }) => [
    `/api/chat/comments?serviceRequestId=${request}`,
    `/api/chat/comments?serviceRequestId=${request}&limit=1`,
    `/api/chat/comments?serviceRequestId=${request}&before=999999999999`,
    `/api/chat/comments?serviceRequestId=${request}&after=1`,
    `/api/chat/comments?serviceRequestId=${request}&after=${Number(NOTE_ID) - 1}`,
  ],
  'chat.unread': () => ['/api/chat/comments/unread'],
  'chat.listFiles': ({ request }) => [`/api/chat/files?serviceRequestId=${request}`],
  'chat.file': ({ chatFile }) => [`/api/chat/files/${chatFile}`],
  'health.live': () => ['/healthz'],
  'health.ready': () => ['/readyz'],
  'machines.list': () => ['/api/end-products/user-owned'],
  'machines.get': ({ machine }) => [`/api/end-products/${machine}`],
  'mfa.status': () => ['/api/user/mfa'],
  'offers.attachment': () => ['/api/offer-requests/1/attachments/00000000-0000-4000-8000-000000000000'],
  'offers.list': () => ['/api/offer-requests/user-owned'],
  'offers.get': () => ['/api/offer-requests/1'],
  'serviceRequests.list': () => [
    '/api/service-requests/user-owned',
    '/api/service-requests/user-owned?q=rabat',
    '/api/service-requests/user-owned?sort=lastMessageAt',
  ],
  'serviceRequests.elements': () => ['/api/service-requests/elements'],
  'serviceRequests.get': ({ request }) => [`/api/service-requests/${request}`],
  'serviceRequests.attachment': ({ request, attachment }) => [
    `/api/service-requests/${request}/attachments/${attachment}`,
  ],
  'intake.record': ({ request }) => [`/api/service-requests/${request}/record`],
  'workshop.attachmentRendition': ({ request, attachment }) => [
    `/api/service-requests/${request}/attachments/${attachment}/thumbnail`,
    `/api/service-requests/${request}/attachments/${attachment}/preview`,
  ],
  'sessions.list': () => ['/api/user/sessions'],
  'user.extendedDetails': () => ['/api/user/extended-details'],
  'user.authorities': () => ['/api/user/authorities'],
  'user.getDetails': () => ['/api/user/details'],
  'user.getAddress': () => ['/api/user/address'],
  'user.listSettings': () => ['/api/user/settings'],
};
/** Reads walked elsewhere or carrying no data: the stream has its own test below; sign-on only redirects. */
const WALKED_APART = ['events.stream', 'sso.start', 'sso.callback'];

const customerMayCall = (access: (typeof ENDPOINTS)[number]['endpoint']['access']) =>
  access === 'anyone' ||
  access === 'signed-in' ||
  access === 'signed-in-or-setup-step' ||
  (typeof access === 'object' &&
    ('authority' in access || (access.roles as readonly string[]).includes('customer')));

describe('chat: internal notes never reach the customer', () => {
  let t: TestApp;
  let url: string;
  const u: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  const ids = {} as Ids;
  let note: ChatMessage;
  let customerStream: EventClient;
  let staffStream: EventClient;

  const post = (as: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/chat/comment', payload, headers: { cookie: as } });
  const get = (path: string, as: string) =>
    t.app.inject({ method: 'GET', url: path, headers: { cookie: as } });
  const unread = async (as: string) => (await get('/api/chat/comments/unread', as)).json() as ChatUnread;
  const countersOf = (request: number) =>
    t.database.db
      .select({ userId: chatUnreadCounts.userId, count: chatUnreadCounts.unreadCount })
      .from(chatUnreadCounts)
      .where(eq(chatUnreadCounts.serviceRequestId, request))
      .orderBy(chatUnreadCounts.userId);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    u.jan = await insertUser(db, { email: 'jan@example.com' });
    u.staff = await insertUser(db, { email: 'serwis@example.com', role: 'service' });
    u.colleague = await insertUser(db, { email: 'kolega@example.com', role: 'service' });
    await insertUser(db, { email: 'handel@example.com', role: 'sales' });
    ids.machine = await insertOwnedMachine(db, { serialNumber: 'AM-1', ownerId: u.jan });
    ids.request = await insertRequest(db, {
      code: 'SR/2026/000001',
      customerId: u.jan,
      machineId: ids.machine,
    });
    await db
      .update(serviceRequests)
      .set({ assignedTo: u.colleague })
      .where(eq(serviceRequests.id, ids.request));
    cookie.jan = await cookieFor(t.app, 'jan@example.com');
    cookie.staff = await cookieFor(t.app, 'serwis@example.com');
    cookie.colleague = await cookieFor(t.app, 'kolega@example.com');
    cookie.sales = await cookieFor(t.app, 'handel@example.com');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = baseUrlOf(t.app);
    customerStream = await openEventClient(`${url}/api/events`, cookie.jan);
    staffStream = await openEventClient(`${url}/api/events`, cookie.staff);
    await Promise.all([customerStream.next('ready'), staffStream.next('ready')]);

    // A conversation: the customer writes, staff reply, a file; then the note (with an id of its own).
    expect(
      (
        await post(cookie.jan!, {
          serviceRequestId: String(ids.request),
          body: 'Pompa cieknie',
          clientId: randomUUID(),
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post(cookie.staff!, {
          serviceRequestId: String(ids.request),
          body: 'Sprawdzimy',
          clientId: randomUUID(),
        })
      ).statusCode,
    ).toBe(201);
    const file = await postMultipart(t.app, '/api/chat/files', cookie.staff, [
      { name: 'serviceRequestId', value: String(ids.request) },
      { name: 'files', file: { filename: 'zdjecie.png', content: png() } },
    ]);
    ids.chatFile = (file.json() as ChatMessage).file!.id;
    const attachments = (await get(`/api/service-requests/${ids.request}`, cookie.jan!)).json() as {
      attachments: { id: string }[];
    };
    ids.attachment = attachments.attachments[0]?.id ?? '00000000-0000-4000-8000-000000000000';
    await db.execute(sql`SELECT setval('chat_messages_id_seq', ${Number(NOTE_ID) - 1})`);
    const written = await post(cookie.staff!, {
      serviceRequestId: String(ids.request),
      body: NOTE_TEXT,
      clientId: randomUUID(),
      internal: true,
    });
    expect(written.statusCode, written.body).toBe(201);
    note = written.json() as ChatMessage;
  });

  afterAll(async () => {
    customerStream.close();
    staffStream.close();
    await t.app.close();
  });

  it('staff write a note and read it marked internal in the conversation', async () => {
    expect(note).toMatchObject({ id: NOTE_ID, body: NOTE_TEXT, internal: true, author: { isMe: true } });
    const page = (
      await get(`/api/chat/comments?serviceRequestId=${ids.request}`, cookie.colleague!)
    ).json() as ChatCommentsPage;
    expect(page.messages.at(-1)).toMatchObject({ id: NOTE_ID, internal: true, author: { isStaff: true } });
    expect(page.messages.slice(0, -1).every((message) => !message.internal)).toBe(true);
  });

  it('a customer cannot write a note: FORBIDDEN, and nothing is stored', async () => {
    const clientId = randomUUID();
    const refused = await post(cookie.jan!, {
      serviceRequestId: String(ids.request),
      body: 'Udaję notatkę',
      clientId,
      internal: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    const stored = await t.database.db.select().from(chatMessages).where(eq(chatMessages.clientId, clientId));
    expect(stored).toEqual([]);
  });

  it('parts sales cannot write a note either', async () => {
    const refused = await post(cookie.sales!, {
      serviceRequestId: String(ids.request),
      body: 'Notatka handlowca',
      clientId: randomUUID(),
      internal: true,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('a retried send whose internal flag differs is a CONFLICT, not a second message', async () => {
    const clientId = randomUUID();
    const payload = { serviceRequestId: String(ids.request), body: 'Do zespołu', clientId, internal: true };
    expect((await post(cookie.colleague!, payload)).statusCode).toBe(201);
    expect((await post(cookie.colleague!, payload)).statusCode).toBe(200);
    expect((await post(cookie.colleague!, { ...payload, internal: false })).statusCode).toBe(409);
  });

  it('every GET endpoint open to a customer is walked by this test', () => {
    const reads = ENDPOINTS.filter(
      ({ endpoint }) => endpoint.method === 'GET' && customerMayCall(endpoint.access),
    ).map(({ name }) => name);
    expect(reads.filter((name) => !(name in CUSTOMER_READS) && !WALKED_APART.includes(name))).toEqual([]);
  });

  it('no read of the customer holds the note’s text or id', async () => {
    const paths = Object.values(CUSTOMER_READS).flatMap((build) => build(ids));
    for (const path of paths) {
      const response = await get(path, cookie.jan!);
      expect(response.statusCode, path).toBeLessThan(500);
      expect(response.body, path).not.toContain(NOTE_TEXT);
      expect(response.body, path).not.toContain(NOTE_ID);
    }
  });

  it('the customer still reads the staff reply and the file around the note', async () => {
    const page = (
      await get(`/api/chat/comments?serviceRequestId=${ids.request}`, cookie.jan!)
    ).json() as ChatCommentsPage;
    expect(page.messages.map((message) => message.body ?? message.file?.name)).toEqual([
      'Pompa cieknie',
      'Sprawdzimy',
      'zdjecie.png',
    ]);
    expect(page.messages.every((message) => message.internal === false)).toBe(true);
  });

  it('a file on a note (notes are text only; one written past the API) is neither listed nor downloadable', async () => {
    const db = t.database.db;
    const onNote = () => eq(chatMessages.fileId, ids.chatFile);
    await db.update(chatMessages).set({ internal: true }).where(onNote());
    try {
      const files = await get(`/api/chat/files?serviceRequestId=${ids.request}`, cookie.jan!);
      expect(files.statusCode).toBe(200);
      expect((files.json() as { files: unknown[] }).files).toEqual([]);
      expect((await get(`/api/chat/files/${ids.chatFile}`, cookie.jan!)).statusCode).toBe(404);
      expect((await get(`/api/chat/files/${ids.chatFile}`, cookie.staff!)).statusCode).toBe(200);
    } finally {
      await db.update(chatMessages).set({ internal: false }).where(onNote());
    }
  });

  it('the note raises no unread count of the customer, but the assignee’s', async () => {
    const before = await unread(cookie.jan!);
    const colleagueBefore = (await unread(cookie.colleague!)).total;
    await post(cookie.staff!, {
      serviceRequestId: String(ids.request),
      body: NOTE_TEXT,
      clientId: randomUUID(),
      internal: true,
    });
    expect(await unread(cookie.jan!)).toEqual(before);
    expect((await unread(cookie.colleague!)).total).toBe(colleagueBefore + 1);
  });

  it('the customer’s read marker stops at the newest message they can see, never on a note', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/chat/comments/read',
      payload: { serviceRequestId: String(ids.request), lastReadMessageId: '999999999999' },
      headers: { cookie: cookie.jan! },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(NOTE_ID);
    const [marker] = await t.database.db
      .select({ last: chatReadMarkers.lastReadMessageId })
      .from(chatReadMarkers)
      .where(eq(chatReadMarkers.userId, u.jan!));
    expect(marker!.last).toBeLessThan(Number(NOTE_ID));
  });

  it('counting everything again gives the counters the triggers kept', async () => {
    const kept = await countersOf(ids.request);
    await t.database.db.execute(sql`SELECT chat_unread_counts_rebuild()`);
    expect(await countersOf(ids.request)).toEqual(kept);
  });

  it('the note is not a reply: the request’s first reply and the customer-visible message count stay', async () => {
    const [request] = await t.database.db
      .select({ count: serviceRequests.chatMessageCount })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, ids.request));
    expect(request!.count).toBe(3);
  });

  it('a note on a request nobody answered yet leaves its first reply and last message unset', async () => {
    const db = t.database.db;
    const quiet = await insertRequest(db, {
      code: 'SR/2026/000002',
      customerId: u.jan!,
      machineId: ids.machine,
    });
    const written = await post(cookie.staff!, {
      serviceRequestId: String(quiet),
      body: 'Najpierw sprawdzić historię maszyny.',
      clientId: randomUUID(),
      internal: true,
    });
    expect(written.statusCode).toBe(201);
    const [request] = await db
      .select({
        firstReply: serviceRequests.firstStaffReplyAt,
        lastMessage: serviceRequests.lastMessageAt,
        count: serviceRequests.chatMessageCount,
      })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, quiet));
    expect(request).toEqual({ firstReply: null, lastMessage: null, count: 0 });
    // The customer has no unread message there, whatever the fallback for a missing counter says.
    expect((await unread(cookie.jan!)).requests.some((r) => r.serviceRequestId === String(quiet))).toBe(
      false,
    );
    const list = await get('/api/service-requests/user-owned', cookie.jan!);
    expect(list.body).not.toContain('Najpierw sprawdzić');
  });

  it('the customer’s event stream gets no event of the note; the staff’s does', async () => {
    let staffSaw = '';
    while (staffSaw !== NOTE_ID) {
      staffSaw = ((await staffStream.next('chat-message')) as { data: { messageId: string } }).data.messageId;
    }
    const reply = (
      await post(cookie.staff!, {
        serviceRequestId: String(ids.request),
        body: 'Część zamówiona',
        clientId: randomUUID(),
      })
    ).json() as ChatMessage;
    // Events arrive in commit order: the customer's first chat-message events are the visible messages only.
    const seen: string[] = [];
    for (;;) {
      const event = (await customerStream.next('chat-message')) as { data: { messageId: string } };
      seen.push(event.data.messageId);
      if (event.data.messageId === reply.id) break;
    }
    expect(seen).toHaveLength(4);
    expect(seen.some((id) => Number(id) >= Number(NOTE_ID) && id !== reply.id)).toBe(false);
  });

  it('no e-mail holds the note', async () => {
    const mails = await t.database.db.select().from(mailOutbox);
    expect(JSON.stringify(mails)).not.toContain(NOTE_TEXT);
  });
});
