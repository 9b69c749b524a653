import type { MachineStatus, ServiceRequestStatus } from '@care/contract/statuses';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#app/db/client.ts';
import { chatMessages, chatReadMarkers } from '#app/db/schema/chat.ts';
import { machines } from '#app/db/schema/machines.ts';
import {
  serviceRequestElements,
  serviceRequests,
  serviceRequestStatusHistory,
} from '#app/db/schema/service-requests.ts';
import { todayInPoland } from '#app/db/guarantee.ts';
import { multipart, type Part } from './files.ts';

/** Test data for machines, service requests and their chat, inserted directly. */

export async function insertElements(db: Db): Promise<void> {
  const label = (pl: string, en: string, de: string) => ({ default: 'pl' as const, values: { pl, en, de } });
  await db.insert(serviceRequestElements).values([
    { kind: 'transport_type', code: 'OWN', label: label('Własny', 'Own', 'Eigener'), sortOrder: 2 },
    { kind: 'transport_type', code: 'COURIER', label: label('Kurier', 'Courier', 'Kurier'), sortOrder: 1 },
    {
      kind: 'transport_type',
      code: 'OLD',
      label: label('Stary', 'Old', 'Alt'),
      sortOrder: 3,
      active: false,
    },
    { kind: 'delivery_place', code: 'FARM', label: label('Gospodarstwo', 'Farm', 'Hof'), sortOrder: 1 },
  ]);
}

export interface TestMachine {
  serialNumber: string;
  name?: string;
  ownerId: number | null;
  purchaseDate?: string | null;
  guaranteeEndDate?: string | null;
  status?: MachineStatus;
  dealer?: string | null;
}

export async function insertOwnedMachine(db: Db, machine: TestMachine): Promise<number> {
  const [row] = await db
    .insert(machines)
    .values({
      serialNumber: machine.serialNumber,
      name: machine.name ?? 'AgroMech Żniwiarz 5200',
      ownerId: machine.ownerId,
      purchaseDate: machine.purchaseDate ?? null,
      guaranteeEndDate: machine.guaranteeEndDate ?? null,
      status: machine.status ?? 'I',
      dealer: machine.dealer ?? null,
    })
    .returning({ id: machines.id });
  return row!.id;
}

export interface TestRequest {
  code: string;
  customerId: number;
  machineId: number;
  status?: ServiceRequestStatus;
  reportDate?: Date;
  estimatedCompletionDate?: string | null;
  problemDescription?: string;
}

/** A request with its first history row. */
export async function insertRequest(db: Db, request: TestRequest): Promise<number> {
  const reportDate = request.reportDate ?? new Date();
  const [row] = await db
    .insert(serviceRequests)
    .values({
      code: request.code,
      customerId: request.customerId,
      machineId: request.machineId,
      status: request.status ?? 'N',
      reportDate,
      estimatedCompletionDate: request.estimatedCompletionDate ?? null,
      problemDescription: request.problemDescription ?? 'Stuka bęben młócący.',
    })
    .returning({ id: serviceRequests.id });
  await db.insert(serviceRequestStatusHistory).values({
    serviceRequestId: row!.id,
    toStatus: 'N',
    changedBy: request.customerId,
    changedAt: reportDate,
  });
  return row!.id;
}

export async function insertMessage(
  db: Db,
  serviceRequestId: number,
  authorId: number | null,
  body = 'Dzień dobry',
): Promise<number> {
  const [row] = await db
    .insert(chatMessages)
    .values({ serviceRequestId, authorId, body })
    .returning({ id: chatMessages.id });
  return row!.id;
}

export async function markRead(
  db: Db,
  userId: number,
  serviceRequestId: number,
  lastReadMessageId: number,
): Promise<void> {
  await db
    .insert(chatReadMarkers)
    .values({ userId, serviceRequestId, lastReadMessageId })
    .onConflictDoUpdate({
      target: [chatReadMarkers.userId, chatReadMarkers.serviceRequestId],
      set: { lastReadMessageId },
    });
}

/** Sends a multipart body as the browser's FormData would. */
export function postMultipart(app: FastifyInstance, url: string, cookie: string | undefined, parts: Part[]) {
  const { body, headers } = multipart(parts);
  return app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

/** 'YYYY-MM-DD' `days` from today in Poland (the day the server counts guarantees from). */
export function daysFromToday(days: number): string {
  return new Date(Date.parse(todayInPoland()) + days * 86_400_000).toISOString().slice(0, 10);
}
