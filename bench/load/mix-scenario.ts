import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { catalogQueries } from './catalog-scenarios.ts';
import { databaseUrl } from '../support/config.ts';
import { pickChatTargets, pickListUsers } from './scenarios.ts';

/**
 * What the customers and staff of the mix ask for (issue 6, docs/perf.md "Issue 6"). Each request of the
 * load is one of the kinds below, chosen by weight, sent as a random signed-in user of the kind's role. The
 * weights are per 1,000 requests and follow what the web app asks when people use it: the board's three tiles,
 * the lists, a request's page with its chat, the catalogue's folders and cards, typing in the search (a hint per
 * pause in typing, then the results), and now and then a message, a "read" mark or a cart sent.
 * Reads ≫ writes: 28 of 1,000 requests change something (chat message 10, read mark 15, cart sent 3).
 */

export interface MixCustomer {
  email: string;
  machineId: string;
  /** The customer's request with the most chat messages, its newest message and one about half way back. */
  requestId: string;
  lastMessageId: string | null;
  middleMessageId: string | null;
}

export interface MixData {
  customers: MixCustomer[];
  staff: string[];
  /** Requests any staff member opens from the queue. */
  staffRequestIds: string[];
  rootFolders: string[];
  /** Folders with sub-folders (?parentId=) and folders with cards (?folderId=). */
  parentFolders: string[];
  cardFolders: string[];
  cards: string[];
  parts: { id: string; symbol: string }[];
  hints: string[];
  searches: string[];
}

export interface MixRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
}

export interface MixKind {
  name: string;
  role: 'customer' | 'staff';
  /** Per 1,000 requests of the mix. */
  weight: number;
  write?: boolean;
  make(data: MixData, user: number, random: () => number): MixRequest;
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;
const q = encodeURIComponent;
const OPEN = 'N,C,R,P,O,A';

export const MIX_KINDS: MixKind[] = [
  // The board (/home/board): three small calls together on every landing.
  {
    name: 'board: newest 3 machines',
    role: 'customer',
    weight: 65,
    make: () => ({ method: 'GET', path: '/api/end-products/user-owned?pageSize=3' }),
  },
  {
    name: 'board: open requests (3)',
    role: 'customer',
    weight: 65,
    make: () => ({ method: 'GET', path: `/api/service-requests/user-owned?pageSize=3&status=${OPEN}` }),
  },
  {
    name: 'unread chat summary (header)',
    role: 'customer',
    weight: 90,
    make: () => ({ method: 'GET', path: '/api/chat/comments/unread' }),
  },
  {
    name: 'machines list',
    role: 'customer',
    weight: 65,
    make: () => ({ method: 'GET', path: '/api/end-products/user-owned' }),
  },
  {
    name: 'machine details',
    role: 'customer',
    weight: 30,
    make: (d, u) => ({ method: 'GET', path: `/api/end-products/${d.customers[u]!.machineId}` }),
  },
  {
    name: 'service requests list',
    role: 'customer',
    weight: 65,
    make: () => ({ method: 'GET', path: '/api/service-requests/user-owned' }),
  },
  {
    name: 'service requests, open filter',
    role: 'customer',
    weight: 20,
    make: () => ({ method: 'GET', path: `/api/service-requests/user-owned?status=${OPEN}` }),
  },
  {
    name: 'service request details',
    role: 'customer',
    weight: 50,
    make: (d, u) => ({ method: 'GET', path: `/api/service-requests/${d.customers[u]!.requestId}` }),
  },
  {
    name: 'chat: newest page',
    role: 'customer',
    weight: 55,
    make: (d, u) => ({
      method: 'GET',
      path: `/api/chat/comments?serviceRequestId=${d.customers[u]!.requestId}`,
    }),
  },
  {
    name: 'chat: older page',
    role: 'customer',
    weight: 10,
    make: (d, u) => {
      const c = d.customers[u]!;
      const before = c.middleMessageId ? `&before=${c.middleMessageId}` : '';
      return { method: 'GET', path: `/api/chat/comments?serviceRequestId=${c.requestId}${before}` };
    },
  },
  {
    name: 'chat: mark read (PUT)',
    role: 'customer',
    weight: 15,
    write: true,
    make: (d, u) => {
      const c = d.customers[u]!;
      return c.lastMessageId
        ? {
            method: 'PUT',
            path: '/api/chat/comments/read',
            body: { serviceRequestId: c.requestId, lastReadMessageId: c.lastMessageId },
          }
        : { method: 'GET', path: '/api/chat/comments/unread' };
    },
  },
  {
    name: 'chat: send a message (POST)',
    role: 'customer',
    weight: 10,
    write: true,
    make: (d, u) => ({
      method: 'POST',
      path: '/api/chat/comment',
      body: {
        serviceRequestId: d.customers[u]!.requestId,
        body: 'Dzień dobry, czy części już dotarły? Maszyna stoi, a żniwa za pasem.',
        clientId: randomUUID(),
      },
    }),
  },
  {
    name: 'catalogue: root folders',
    role: 'customer',
    weight: 25,
    make: () => ({ method: 'GET', path: '/api/catalog-folders' }),
  },
  {
    name: 'catalogue: sub-folders',
    role: 'customer',
    weight: 40,
    make: (d, _u, r) => ({
      method: 'GET',
      path: `/api/catalog-folders?parentId=${pick(d.parentFolders, r)}`,
    }),
  },
  {
    name: 'catalogue: cards of a folder',
    role: 'customer',
    weight: 35,
    make: (d, _u, r) => ({ method: 'GET', path: `/api/catalog-cards?folderId=${pick(d.cardFolders, r)}` }),
  },
  {
    name: 'catalogue: breadcrumbs',
    role: 'customer',
    weight: 35,
    make: (d, _u, r) => ({ method: 'GET', path: `/api/parts/breadcrumbs?cardId=${pick(d.cards, r)}` }),
  },
  {
    name: 'catalogue: card with positions',
    role: 'customer',
    weight: 50,
    make: (d, _u, r) => ({ method: 'GET', path: `/api/catalog-cards/${pick(d.cards, r)}` }),
  },
  {
    name: 'part details',
    role: 'customer',
    weight: 20,
    make: (d, _u, r) => ({ method: 'GET', path: `/api/parts/${pick(d.parts, r).id}` }),
  },
  {
    name: 'part: cards it is on',
    role: 'customer',
    weight: 10,
    make: (d, _u, r) => ({ method: 'GET', path: `/api/parts/paths?partId=${pick(d.parts, r).id}` }),
  },
  {
    name: 'search hints (typing)',
    role: 'customer',
    weight: 120,
    make: (d, _u, r) => ({ method: 'GET', path: `/api/parts/hints?q=${q(pick(d.hints, r))}` }),
  },
  {
    name: 'part search, page 1',
    role: 'customer',
    weight: 47,
    make: (d, _u, r) => ({ method: 'GET', path: `/api/parts?q=${q(pick(d.searches, r))}` }),
  },
  {
    name: 'part search, page 2',
    role: 'customer',
    weight: 10,
    make: (d, _u, r) => ({ method: 'GET', path: `/api/parts?q=${q(pick(d.searches, r))}&page=2` }),
  },
  {
    name: 'cart: send offer request (POST)',
    role: 'customer',
    weight: 3,
    write: true,
    make: (d, _u, r) => {
      const lines = 1 + Math.floor(r() * 4);
      const items = Array.from({ length: lines }, () => {
        const part = pick(d.parts, r);
        return { id: part.id, name: part.symbol, symbol: part.symbol, amount: 1 + Math.floor(r() * 4) };
      });
      return {
        method: 'POST',
        path: '/api/parts/email',
        body: { items, note: 'Proszę o ofertę z dostawą do Mosiny.', clientId: randomUUID() },
      };
    },
  },
  {
    name: 'offer requests list',
    role: 'customer',
    weight: 10,
    make: () => ({ method: 'GET', path: '/api/offer-requests/user-owned' }),
  },
  {
    name: 'authorities (app start)',
    role: 'customer',
    weight: 15,
    make: () => ({ method: 'GET', path: '/api/user/authorities' }),
  },
  // The service department's screens.
  {
    name: 'staff: queue',
    role: 'staff',
    weight: 20,
    make: () => ({ method: 'GET', path: '/api/staff/service-requests' }),
  },
  {
    name: 'staff: queue, waiting for us',
    role: 'staff',
    weight: 5,
    make: () => ({ method: 'GET', path: '/api/staff/service-requests?waiting=true' }),
  },
  {
    name: 'staff: request details',
    role: 'staff',
    weight: 10,
    make: (d, _u, r) => ({
      method: 'GET',
      path: `/api/staff/service-requests/${pick(d.staffRequestIds, r)}`,
    }),
  },
  {
    name: 'staff: a request’s chat',
    role: 'staff',
    weight: 5,
    make: (d, _u, r) => ({
      method: 'GET',
      path: `/api/chat/comments?serviceRequestId=${pick(d.staffRequestIds, r)}`,
    }),
  },
];

/** Picks a kind by weight: a table of cumulative weights and a binary search. */
export function kindPicker(kinds: readonly Pick<MixKind, 'weight'>[]): (random: () => number) => number {
  const cumulative: number[] = [];
  let total = 0;
  for (const kind of kinds) cumulative.push((total += kind.weight));
  return (random) => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

/**
 * The people of the mix from care_bench: `customers` customers, half spread over the ranking by number of
 * requests (pickListUsers: heavy users to one-request users), half the owners of the busiest chats; `staff`
 * service staff (service1…@bench.example); and the catalogue's folders, cards, parts and typed queries.
 */
export async function loadMixData(customers: number, staff: number): Promise<MixData> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const half = Math.max(2, Math.ceil(customers / 2));
    const listUsers = await pickListUsers(client, half);
    const chatTargets = await pickChatTargets(client, customers - listUsers.length);
    const emails = [...new Set([...listUsers, ...chatTargets].map((u) => u.email))];
    const { rows } = await client.query<{
      email: string;
      machine_id: string;
      request_id: string;
      last_message_id: string | null;
      middle_message_id: string | null;
    }>(
      `SELECT u.email,
              (SELECT m.id FROM machines m WHERE m.owner_id = u.id ORDER BY m.id LIMIT 1)::text AS machine_id,
              r.id::text AS request_id,
              (SELECT max(c.id) FROM chat_messages c WHERE c.service_request_id = r.id)::text AS last_message_id,
              (SELECT c.id FROM chat_messages c WHERE c.service_request_id = r.id
                ORDER BY c.id DESC OFFSET r.messages / 2 LIMIT 1)::text AS middle_message_id
         FROM users u
         CROSS JOIN LATERAL (
           SELECT s.id, (SELECT count(*) FROM chat_messages c WHERE c.service_request_id = s.id)::int AS messages
             FROM service_requests s WHERE s.customer_id = u.id
            ORDER BY messages DESC, s.id DESC LIMIT 1) r
        WHERE u.email = ANY($1)
        ORDER BY u.id`,
      [emails],
    );
    const staffRequests = await client.query<{ id: string }>(
      `SELECT id::text FROM service_requests TABLESAMPLE SYSTEM (1) REPEATABLE (6) LIMIT 500`,
    );
    const ids = async (query: string) => (await client.query<{ id: string }>(query)).rows.map((r) => r.id);
    const rootFolders = await ids(`SELECT id::text FROM catalog_folders WHERE parent_id IS NULL`);
    const parentFolders = await ids(
      `SELECT DISTINCT parent_id::text AS id FROM catalog_folders WHERE parent_id IS NOT NULL`,
    );
    const cardFolders = await ids(`SELECT DISTINCT folder_id::text AS id FROM catalog_cards`);
    const parts = await client.query<{ id: string; symbol: string }>(
      `SELECT id::text, symbol FROM parts TABLESAMPLE SYSTEM (1) REPEATABLE (8) LIMIT 1000`,
    );
    const queries = await catalogQueries(20);
    return {
      customers: rows.map((row) => ({
        email: row.email,
        machineId: row.machine_id,
        requestId: row.request_id,
        lastMessageId: row.last_message_id,
        middleMessageId: row.middle_message_id,
      })),
      staff: Array.from({ length: staff }, (_, i) => `service${i + 1}@bench.example`),
      staffRequestIds: staffRequests.rows.map((r) => r.id),
      rootFolders,
      parentFolders,
      cardFolders,
      cards: [...new Set(queries.cards.flat())].map(String),
      parts: parts.rows,
      hints: queries.hints.flat(),
      searches: queries.searches.flat(),
    };
  } finally {
    await client.end();
  }
}
