/**
 * Issue 17: what preparing the hot statements saves (apps/server/src/db/prepared.ts). Calls each hot page's
 * service function N times with every statement built by Drizzle and sent unnamed on each call, as before, then
 * N times prepared, and prints µs per call (wall and this process's CPU). On in-memory PGlite, or with
 * TEST_DATABASE_URL on a fresh database of that server (dropped at the end; never care_bench).
 *
 *   node bench/micro/prepared-statements.ts [--n=1000]
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/micro/prepared-statements.ts
 *
 * Small data (30 machines, 60 requests, 91 messages, 12 offer requests): it measures the cost around the
 * statements (building, protocol, planning), not the reading of large tables, which docs/perf.md's mix measures.
 * The chat's writes (mark read, send) are timed too: their statements are prepared or sent unnamed likewise.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { MachineListQuerySchema } from '@care/contract/machines';
import { OfferRequestListQuerySchema } from '@care/contract/offers';
import { ServiceRequestListQuerySchema } from '@care/contract/service-requests';
import { StaffQueueQuerySchema } from '@care/contract/staff';
import { setPreparing } from '../../apps/server/src/db/prepared.ts';
import { files } from '../../apps/server/src/db/schema/files.ts';
import { offerRequests } from '../../apps/server/src/db/schema/offers.ts';
import {
  serviceRequestAttachments,
  serviceRequestStatusHistory,
} from '../../apps/server/src/db/schema/service-requests.ts';
import { listChatFiles } from '../../apps/server/src/features/chat/chat-files.service.ts';
import { markRead, unreadSummary } from '../../apps/server/src/features/chat/chat-unread.service.ts';
import { listComments, postComment } from '../../apps/server/src/features/chat/chat.service.ts';
import { getMachine, listOwnedMachines } from '../../apps/server/src/features/machines/machines.service.ts';
import { listOwnOfferRequests } from '../../apps/server/src/features/offers/offers.service.ts';
import {
  getServiceRequest,
  listOwnServiceRequests,
} from '../../apps/server/src/features/service-requests/service-requests.service.ts';
import { listQueue } from '../../apps/server/src/features/staff/staff-queue.service.ts';
import { getStaffServiceRequest } from '../../apps/server/src/features/staff/staff-requests.service.ts';
import type { Actor } from '../../apps/server/src/plugins/session.ts';
import { insertUser } from '../../apps/server/src/test/accounts.ts';
import { createTestDatabase } from '../../apps/server/src/test/app.ts';
import {
  insertMessage,
  insertOwnedMachine,
  insertRequest,
} from '../../apps/server/src/test/service-requests.ts';

const { values } = parseArgs({ options: { n: { type: 'string', default: '1000' } } });
const calls = Number(values.n);

/** µs per call: [wall, CPU of this process] after 100 calls to warm up. */
async function time(fn: () => Promise<unknown>): Promise<[number, number]> {
  for (let i = 0; i < 100; i++) await fn();
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < calls; i++) await fn();
  const wall = ((performance.now() - start) / calls) * 1000;
  const used = process.cpuUsage(cpu);
  return [wall, (used.user + used.system) / calls];
}

const database = await createTestDatabase();
const db = database.db;
const customerId = await insertUser(db, { email: 'bench-prepared@example.com' });
const customer: Actor = {
  id: customerId,
  sessionId: 0,
  sessionExpiresAt: new Date(Date.now() + 3_600_000),
  role: 'customer',
  email: 'bench-prepared@example.com',
  firstName: 'Jan',
  lastName: 'Kowalski',
  language: 'pl',
  authorities: [],
};
const staffId = await insertUser(db, { email: 'bench-prepared-staff@example.com', role: 'service' });
const staff: Actor = { ...customer, id: staffId, role: 'service', email: 'bench-prepared-staff@example.com' };
const machineIds: number[] = [];
for (let i = 0; i < 30; i++) {
  const day = String((i % 28) + 1).padStart(2, '0');
  machineIds.push(
    await insertOwnedMachine(db, {
      serialNumber: `BENCH-${i}`,
      ownerId: customerId,
      name: i % 3 ? 'Kombajn Żniwiarz' : 'Siewnik S-3',
      purchaseDate: `2020-01-${day}`,
      guaranteeEndDate: '2027-01-01',
    }),
  );
}
const requestIds: number[] = [];
for (let i = 0; i < 60; i++) {
  requestIds.push(
    await insertRequest(db, {
      code: `SR/BENCH/${i}`,
      customerId,
      machineId: machineIds[i % 5]!,
      reportDate: new Date(Date.now() - i * 86_400_000),
    }),
  );
}
const requestId = requestIds[0]!;
await db.insert(serviceRequestStatusHistory).values([
  { serviceRequestId: requestId, fromStatus: 'N', toStatus: 'C', changedBy: customerId, note: 'checked' },
  { serviceRequestId: requestId, fromStatus: 'C', toStatus: 'R', changedBy: customerId },
]);
for (let i = 0; i < 3; i++) {
  const [file] = await db
    .insert(files)
    .values({
      storageKey: `bench-${i}`,
      originalName: `plate-${i}.png`,
      contentType: 'image/png',
      sizeBytes: 1234,
      sha256: 'bench',
      uploadedBy: customerId,
    })
    .returning({ id: files.id });
  await db
    .insert(serviceRequestAttachments)
    .values({ serviceRequestId: requestId, fileId: file!.id, addedBy: customerId, isInitial: i === 0 });
}
for (let i = 0; i < 80; i++) await insertMessage(db, requestId, i % 4 ? customerId : staffId, `message ${i}`);
for (let i = 0; i < 10; i++) await insertMessage(db, requestIds[i + 1]!, staffId, `reply ${i}`);
const [file] = await db
  .insert(files)
  .values({
    storageKey: 'bench-chat',
    originalName: 'chat.png',
    contentType: 'image/png',
    sizeBytes: 1234,
    sha256: 'bench',
    uploadedBy: customerId,
  })
  .returning({ id: files.id });
await db.execute(
  sql`INSERT INTO chat_messages (service_request_id, author_id, file_id) VALUES (${requestId}, ${customerId}, ${file!.id})`,
);
for (let i = 0; i < 12; i++)
  await db
    .insert(offerRequests)
    .values({ number: `OR/BENCH/${i}`, customerId, status: i % 3 ? 'sent' : 'quoted' });
const newestMessage = Number(
  (
    (await db.execute(
      sql`SELECT max(id) AS id FROM chat_messages WHERE service_request_id = ${requestId}`,
    )) as {
      rows: { id: number | string }[];
    }
  ).rows[0]!.id,
);

const pages: [string, () => Promise<unknown>][] = [
  ['machines list', () => listOwnedMachines(db, customer, MachineListQuerySchema.parse({}))],
  [
    'machines list, searched',
    () =>
      listOwnedMachines(
        db,
        customer,
        MachineListQuerySchema.parse({ q: 'kombajn', status: ['I'], sort: 'name', order: 'asc' }),
      ),
  ],
  ['a machine', () => getMachine(db, customer, machineIds[0]!)],
  [
    'service requests list',
    () => listOwnServiceRequests(db, customer, ServiceRequestListQuerySchema.parse({})),
  ],
  [
    'service requests, open, 3',
    () =>
      listOwnServiceRequests(
        db,
        customer,
        ServiceRequestListQuerySchema.parse({ pageSize: 3, status: ['N', 'C', 'R'] }),
      ),
  ],
  ['offer requests list', () => listOwnOfferRequests(db, customer, OfferRequestListQuerySchema.parse({}))],
  ['unread summary', () => unreadSummary(db, customer)],
  ['chat files', () => listChatFiles(db, customer, { serviceRequestId: requestId, limit: 20 })],
  ['staff queue', () => listQueue(db, staff, StaffQueueQuerySchema.parse({}))],
  ['staff queue, unread only', () => listQueue(db, staff, StaffQueueQuerySchema.parse({ unread: 'true' }))],
  [
    'chat: mark read',
    () => markRead(db, customer, { serviceRequestId: requestId, lastReadMessageId: newestMessage }),
  ],
  [
    'chat: send a message',
    () =>
      postComment(db, staff, {
        serviceRequestId: requestIds[20]!,
        body: 'bench',
        clientId: randomUUID(),
        internal: false,
      }),
  ],
  ['a service request', () => getServiceRequest(db, customer, requestId)],
  ['chat page (50 of 80)', () => listComments(db, customer, { serviceRequestId: requestId, limit: 50 })],
  ['staff page of a request', () => getStaffServiceRequest(db, requestId)],
];

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite';
console.log(`${kind}, ${calls} calls each; µs per call, wall / CPU of this process`);
console.log(`${''.padEnd(40)} ${'built each call'.padEnd(15)}   prepared`);
const figures = ([wall, cpu]: [number, number]) =>
  `${wall.toFixed(0).padStart(6)} / ${cpu.toFixed(0).padStart(5)}`;
for (const [name, call] of pages) {
  setPreparing(false);
  const built = await time(call);
  setPreparing(true);
  const prepared = await time(call);
  console.log(`${name.padEnd(40)} ${figures(built)}   ${figures(prepared)}`);
}
await database.close();
