import type { ServiceRequestStatus } from '@care/contract/statuses';
import { SERVICE_REQUEST_PRIORITIES, type ServiceRequestPriority } from '@care/contract/staff-desk-fields';
import type { TranslatedText } from '@care/contract/translations';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { chatMessages, chatReadMarkers } from '../schema/chat.ts';
import { nextDocumentCode } from '../schema/counters.ts';
import {
  serviceRequestAssignments,
  serviceRequestElements,
  serviceRequests,
  serviceRequestTags,
  serviceRequestStatusHistory,
  type ServiceRequestElementKind,
} from '../schema/service-requests.ts';
import type { AccountIds } from './accounts.ts';
import { dayOffset, daysBefore, minutesAfter } from './dates.ts';
import type { OwnedMachineIds } from './machines.ts';

const label = (pl: string, en: string, de: string): TranslatedText => ({
  default: 'pl',
  values: { pl, en, de },
});

const ELEMENTS: readonly { kind: ServiceRequestElementKind; code: string; label: TranslatedText }[] = [
  {
    kind: 'transport_type',
    code: 'OWN',
    label: label('Transport własny', 'Own transport', 'Eigener Transport'),
  },
  {
    kind: 'transport_type',
    code: 'COURIER',
    label: label('Odbiór kurierem', 'Courier pickup', 'Abholung durch Kurier'),
  },
  {
    kind: 'transport_type',
    code: 'ON_SITE',
    label: label('Wizyta serwisu w gospodarstwie', 'Service visit on the farm', 'Servicebesuch auf dem Hof'),
  },
  {
    kind: 'transport_type',
    code: 'DEALER',
    label: label('Transport przez dealera', 'Transport by the dealer', 'Transport durch den Händler'),
  },
  {
    kind: 'delivery_place',
    code: 'SERVICE_MOSINA',
    label: label(
      'Centrum serwisowe AgroMech, Mosina',
      'AgroMech service centre, Mosina',
      'AgroMech Servicezentrum, Mosina',
    ),
  },
  {
    kind: 'delivery_place',
    code: 'DEALER',
    label: label('Autoryzowany dealer', 'Authorised dealer', 'Vertragshändler'),
  },
  {
    kind: 'delivery_place',
    code: 'FARM',
    label: label('Gospodarstwo klienta', "Customer's farm", 'Hof des Kunden'),
  },
];

interface Message {
  /** 'note': an internal note of the service department (issue 18), which Jan never sees. */
  from: 'customer' | 'staff' | 'note';
  body: string;
}

interface DemoRequest {
  machine: string;
  daysAgo: number;
  /** The path from N, each step by the service employee. */
  statuses: readonly ServiceRequestStatus[];
  transportType: string;
  deliveryPlace: string;
  problemDescription: string;
  comments?: string;
  serviceOpinion?: string;
  additionalParts?: string;
  estimatedInDays?: number;
  chat: readonly Message[];
  /** The customer has not read the last message yet. */
  lastUnread?: boolean;
  priority?: ServiceRequestPriority;
  tags?: readonly string[];
  /** Taken by the service employee, then handed over to the admin. */
  handedToAdmin?: boolean;
  /** The customer's last message needed no reply (staff marked it so). */
  noAnswerNeeded?: boolean;
}

const REQUESTS: readonly DemoRequest[] = [
  {
    machine: 'combine',
    daysAgo: 240,
    statuses: ['N', 'C', 'R', 'O', 'A', 'F'],
    transportType: 'ON_SITE',
    deliveryPlace: 'FARM',
    problemDescription:
      'Pasek napędu wentylatora czyszczalni pękł po ok. 120 motogodzinach. Maszyna stoi w gospodarstwie, prosimy o wizytę.',
    serviceOpinion:
      'Naprężacz paska ustawiony zbyt mocno fabrycznie. Wymieniono pasek i wyregulowano naprężacz.',
    additionalParts: 'Pasek klinowy SPB 2360 – 1 szt.',
    chat: [
      {
        from: 'customer',
        body: 'Dzień dobry, czy serwisant może przyjechać jeszcze w tym tygodniu? Zaczynamy żniwa.',
      },
      { from: 'staff', body: 'Dzień dobry, serwisant będzie u Pana w czwartek między 8 a 10.' },
      { from: 'customer', body: 'Dziękuję, maszyna już pracuje bez zarzutu.' },
    ],
    tags: ['pasek', 'wizyta'],
    noAnswerNeeded: true,
  },
  {
    machine: 'combine',
    daysAgo: 12,
    statuses: ['N', 'C', 'R', 'O', 'A'],
    transportType: 'ON_SITE',
    deliveryPlace: 'FARM',
    problemDescription:
      'Podczas młócenia słychać metaliczne stukanie w okolicy bębna młócącego, nasila się przy wyższych obrotach. Na klepisku widoczne świeże rysy.',
    comments: 'Maszyna dostępna codziennie od 7:00, wjazd od ul. Polnej.',
    estimatedInDays: 6,
    chat: [
      { from: 'customer', body: 'Dołączam opis: stukanie pojawia się po ok. 10 minutach pracy.' },
      {
        from: 'staff',
        body: 'Dziękujemy. Proszę nie używać kombajnu do czasu oględzin – możliwe uszkodzenie listwy cepowej.',
      },
      { from: 'customer', body: 'Rozumiem, maszyna stoi w hali.' },
      {
        from: 'note',
        body: 'Listwa cepowa do wymiany (2 szt.), zamówić komplet z magazynu w Poznaniu. Klient prosi o telefon przed wizytą.',
      },
      {
        from: 'staff',
        body: 'Części zamówione, przewidywany termin naprawy to przyszły tydzień. Potwierdzimy dzień wizyty telefonicznie.',
      },
    ],
    lastUnread: true,
    priority: 'high',
    tags: ['żniwa', 'bęben'],
  },
  {
    machine: 'baler',
    daysAgo: 75,
    statuses: ['N', 'C', 'U'],
    transportType: 'OWN',
    deliveryPlace: 'SERVICE_MOSINA',
    problemDescription: 'Supłacz nr 2 nie zawiązuje węzła, co kilka kostek sznurek zostaje rozcięty.',
    serviceOpinion:
      'Gwarancja maszyny wygasła; dodatkowo stwierdzono użycie sznurka o zbyt małej wytrzymałości. Naprawa możliwa odpłatnie – wycena w czacie.',
    chat: [
      {
        from: 'staff',
        body: 'Koszt wymiany haczyka supłacza z regulacją: ok. 640 zł netto. Czy zlecić naprawę?',
      },
      { from: 'customer', body: 'Tak, proszę o naprawę. Przywiozę prasę w poniedziałek.' },
    ],
    priority: 'low',
    tags: ['płatna naprawa'],
    noAnswerNeeded: true,
  },
  {
    machine: 'drill',
    daysAgo: 9,
    statuses: ['N', 'C'],
    transportType: 'COURIER',
    deliveryPlace: 'SERVICE_MOSINA',
    problemDescription:
      'Znacznik przejazdów po prawej stronie nie opada do pozycji roboczej, siłownik działa skokowo.',
    chat: [
      { from: 'staff', body: 'Prosimy o zdjęcie tabliczki znamionowej siłownika i przewodów przy zaworze.' },
      { from: 'customer', body: 'Zdjęcia wyślę jutro rano.' },
    ],
    tags: ['hydraulika'],
    handedToAdmin: true,
  },
  {
    machine: 'drill',
    daysAgo: 2,
    statuses: ['N'],
    transportType: 'DEALER',
    deliveryPlace: 'DEALER',
    problemDescription: 'Nierównomierny wysiew na sekcjach 7–9, w zbiorniku słychać ocieranie mieszadła.',
    comments: 'Siewnik jest u dealera w Gnieźnie.',
    chat: [{ from: 'customer', body: 'Czy mogę dalej siać do czasu przeglądu?' }],
    priority: 'urgent',
  },
];

/** Form choices, then Jan's service requests with their status history and chat. */
export async function insertServiceRequests(
  db: Db,
  accounts: AccountIds,
  machineIds: OwnedMachineIds,
  now: Date,
) {
  await db
    .insert(serviceRequestElements)
    .values(ELEMENTS.map((element, index) => ({ ...element, sortOrder: index })));

  // Oldest first, so the readable codes follow the report dates.
  for (const request of [...REQUESTS].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const reportDate = daysBefore(now, request.daysAgo);
    const status = request.statuses.at(-1)!;
    const stepAt = (step: number) => minutesAfter(reportDate, step * 60 * 26);
    const messageAt = (index: number) => minutesAfter(reportDate, 90 + index * 60 * 7);
    const [row] = await db
      .insert(serviceRequests)
      .values({
        code: await nextDocumentCode(db, 'SR', reportDate),
        customerId: accounts.jan,
        machineId: machineIds[request.machine]!,
        status,
        reportDate,
        transportType: request.transportType,
        deliveryPlace: request.deliveryPlace,
        problemDescription: request.problemDescription,
        comments: request.comments,
        serviceOpinion: request.serviceOpinion,
        additionalParts: request.additionalParts,
        estimatedCompletionDate:
          request.estimatedInDays !== undefined
            ? dayOffset(now, request.estimatedInDays)
            : status === 'F'
              ? dayOffset(reportDate, 5)
              : null,
        completionDate: status === 'F' ? dayOffset(reportDate, 4) : null,
        assignedTo:
          request.statuses.length === 1 ? null : request.handedToAdmin ? accounts.admin : accounts.service,
        priority: SERVICE_REQUEST_PRIORITIES.indexOf(request.priority ?? 'normal'),
        tags: [...(request.tags ?? [])],
        statusChangedAt: stepAt(request.statuses.length - 1),
        lastMessageAt: request.chat.length > 0 ? messageAt(request.chat.length - 1) : null,
        createdAt: reportDate,
        updatedAt: stepAt(request.statuses.length - 1),
      })
      .returning({ id: serviceRequests.id });
    const serviceRequestId = row!.id;

    await db.insert(serviceRequestStatusHistory).values(
      request.statuses.map((toStatus, step) => ({
        serviceRequestId,
        fromStatus: step === 0 ? null : request.statuses[step - 1]!,
        toStatus,
        changedBy: step === 0 ? accounts.jan : accounts.service,
        changedAt: stepAt(step),
      })),
    );

    // Who took the request (and handed it over), as the staff page's history shows it.
    if (request.statuses.length > 1) {
      await db.insert(serviceRequestAssignments).values([
        {
          serviceRequestId,
          assignedTo: accounts.service,
          assignedBy: accounts.service,
          assignedAt: stepAt(1),
        },
        ...(request.handedToAdmin
          ? [
              {
                serviceRequestId,
                assignedTo: accounts.admin,
                assignedBy: accounts.service,
                assignedAt: stepAt(1.5),
              },
            ]
          : []),
      ]);
    }
    if ((request.tags ?? []).length > 0) {
      await db
        .insert(serviceRequestTags)
        .values(request.tags!.map((tag) => ({ tag })))
        .onConflictDoNothing();
    }

    if (request.chat.length === 0) continue;
    const messages = await db
      .insert(chatMessages)
      .values(
        request.chat.map((message, index) => ({
          serviceRequestId,
          authorId: message.from === 'customer' ? accounts.jan : accounts.service,
          body: message.body,
          internal: message.from === 'note',
          createdAt: messageAt(index),
        })),
      )
      .returning({ id: chatMessages.id });
    const lastId = messages.at(-1)!.id;
    // What chat.service.ts keeps when staff write: the first staff reply (the insight dashboard's figure).
    const firstStaffReply = request.chat.findIndex((message) => message.from === 'staff');
    if (firstStaffReply >= 0) {
      await db
        .update(serviceRequests)
        .set({ firstStaffReplyAt: messageAt(firstStaffReply) })
        .where(eq(serviceRequests.id, serviceRequestId));
    }
    // One unread reply for Jan (request 2) and an unread new request for the service queue.
    // Jan's marker rests on a message he can see, never on a note.
    const seen = messages.filter((_, index) => request.chat[index]!.from !== 'note');
    const customerRead = (request.lastUnread ? seen.at(-2) : seen.at(-1))!.id;
    const staffRead = status === 'N' ? 0 : lastId;
    // The chat's trigger started the wait at the customer's last message; these needed no reply.
    if (request.noAnswerNeeded) {
      await db
        .update(serviceRequests)
        .set({ waitingSince: null })
        .where(eq(serviceRequests.id, serviceRequestId));
    }
    await db.insert(chatReadMarkers).values([
      { userId: accounts.jan, serviceRequestId, lastReadMessageId: customerRead },
      { userId: accounts.service, serviceRequestId, lastReadMessageId: staffRead },
    ]);
  }
}
