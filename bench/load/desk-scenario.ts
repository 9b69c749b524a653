import type pg from 'pg';
import type { MixRequest } from './mix-scenario.ts';

/**
 * What the service department asks for while it works the queue all day (issue 18, docs/perf.md "Issue 18"): the
 * queue's views (everyone's, mine, unassigned), "waiting for us", the sorts, a code typed into the search, the
 * guarantee filter, paging, and the header's badge (GET api/staff/waiting), which every staff screen asks for
 * when it opens and again on each live "handling" event — so about as often as all the queue's views together.
 * Weights per 1,000 requests; a person's next request comes after a think time (desk.ts).
 */

export interface DeskData {
  /** Whole codes (SR/2024/001234) and their numbers alone (1234), as staff type them into the code search. */
  codes: string[];
  numbers: string[];
  /** The pages staff leaf to in the everyone's view (2..10), at 20 rows each. */
  pages: number[];
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;
const QUEUE = '/api/staff/service-requests';
const OPEN = 'N,C,R,P,O,A';

const get = (path: string): MixRequest => ({ method: 'GET', path });
const queue = (query = ''): MixRequest => get(query ? `${QUEUE}?${query}` : QUEUE);

export interface DeskKind {
  name: string;
  /** Per 1,000 requests. */
  weight: number;
  make(data: DeskData, random: () => number): MixRequest;
}

export const DESK_KINDS: DeskKind[] = [
  { name: 'badge: waiting for us (header)', weight: 250, make: () => get('/api/staff/waiting') },
  { name: 'queue: everyone’s (as it opens)', weight: 150, make: () => queue() },
  { name: 'queue: mine', weight: 130, make: () => queue('view=mine') },
  { name: 'queue: unassigned', weight: 70, make: () => queue('view=unassigned') },
  {
    name: 'queue: waiting, longest first',
    weight: 90,
    make: () => queue('waiting=true&sort=waitingSince&order=asc'),
  },
  {
    name: 'queue: mine, waiting, longest first',
    weight: 60,
    make: () => queue('view=mine&waiting=true&sort=waitingSince&order=asc'),
  },
  { name: 'queue: open statuses', weight: 40, make: () => queue(`status=${OPEN}`) },
  { name: 'queue: most urgent first', weight: 30, make: () => queue('sort=priority&order=desc') },
  { name: 'queue: latest message first', weight: 30, make: () => queue('sort=lastMessageAt&order=desc') },
  {
    name: 'queue: unassigned, oldest first',
    weight: 20,
    make: () => queue('view=unassigned&sort=reportDate&order=asc'),
  },
  {
    name: 'queue: code search, whole code',
    weight: 25,
    make: (d, r) => queue(`code=${encodeURIComponent(pick(d.codes, r))}`),
  },
  {
    name: 'queue: code search, number alone',
    weight: 25,
    make: (d, r) => queue(`code=${pick(d.numbers, r)}`),
  },
  { name: 'queue: guarantee ending in 30 days', weight: 25, make: () => queue('guarantee=ending') },
  { name: 'queue: guarantee active', weight: 10, make: () => queue('guarantee=active') },
  { name: 'queue: guarantee ended', weight: 10, make: () => queue('guarantee=ended') },
  { name: 'queue: pages 2–10', weight: 25, make: (d, r) => queue(`page=${pick(d.pages, r)}`) },
  { name: 'queue: mine, 100 a page', weight: 10, make: () => queue('view=mine&pageSize=100') },
];

/** Codes of requests spread over the table (a 1 % sample), for the code search. */
export async function loadDeskData(client: pg.Client): Promise<DeskData> {
  const { rows } = await client.query<{ code: string }>(
    `SELECT code FROM service_requests TABLESAMPLE SYSTEM (1) REPEATABLE (18) LIMIT 500`,
  );
  if (rows.length === 0) throw new Error('care_bench has no service requests: generate it first');
  const codes = rows.map((row) => row.code);
  return {
    codes,
    numbers: codes.map((code) => String(Number(code.split('/')[2]))),
    pages: [2, 3, 4, 5, 6, 7, 8, 9, 10],
  };
}
