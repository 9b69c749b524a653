import pg from 'pg';
import { databaseUrl } from '../support/config.ts';

/** A benchmarked customer: who signs in and the busy request whose pages they open. */
export interface BenchUser {
  email: string;
  machines: number;
  requests: number;
}

export interface ChatTarget extends BenchUser {
  serviceRequestId: number;
  messages: number;
  /** A message id about half way back: `before` of the "older page". */
  middleMessageId: number;
}

export interface Scenario {
  name: string;
  /**
   * The path each connection asks for, by user; connection i is user i of the list. With `more`, the user
   * asks for `path`, then each of `more` in turn, and starts over.
   */
  paths: { email: string; path: string; more?: string[] }[];
  /** This endpoint's p99 target when it is not the default TARGET_P99_MS. */
  targetP99Ms?: number;
  /** What a correct answer holds, checked once per user before the load. */
  check: (body: unknown) => boolean;
}

/**
 * The list users: `count` customers spread over the ranking of customers with service requests by their
 * number, denser at the top (rank ∝ (i/(count-1))²): the one with the most, heavy users, down to one with one.
 */
export async function pickListUsers(client: pg.Client, count: number): Promise<BenchUser[]> {
  const { rows } = await client.query<{ email: string; machines: number; requests: number }>(
    `WITH ranked AS (
       SELECT u.id, u.email, count(s.id)::int AS requests,
              row_number() OVER (ORDER BY count(s.id) DESC, u.id) AS rank
         FROM users u JOIN service_requests s ON s.customer_id = u.id
        GROUP BY u.id)
     SELECT email, requests, (SELECT count(*)::int FROM machines m WHERE m.owner_id = ranked.id) AS machines
       FROM ranked
      WHERE rank IN (SELECT DISTINCT 1 + floor((customers - 1) * (i::float8 / ($1 - 1)) ^ 2)
                       FROM generate_series(0, $1 - 1) i, (SELECT count(*) AS customers FROM ranked) c)
      ORDER BY rank`,
    [count],
  );
  return rows;
}

/** The chat users: the owners of the `count` requests with the most messages, each on that request. */
export async function pickChatTargets(client: pg.Client, count: number): Promise<ChatTarget[]> {
  const { rows } = await client.query<ChatTarget>(
    `WITH busiest AS (
       SELECT service_request_id, count(*)::int AS messages
         FROM chat_messages GROUP BY service_request_id ORDER BY count(*) DESC LIMIT $1)
     SELECT u.email, b.service_request_id::int AS "serviceRequestId", b.messages,
            (SELECT count(*)::int FROM machines m WHERE m.owner_id = u.id) AS machines,
            (SELECT count(*)::int FROM service_requests r WHERE r.customer_id = u.id) AS requests,
            (SELECT m.id::int FROM chat_messages m WHERE m.service_request_id = b.service_request_id
              ORDER BY m.id DESC OFFSET b.messages / 2 LIMIT 1) AS "middleMessageId"
       FROM busiest b
       JOIN service_requests s ON s.id = b.service_request_id
       JOIN users u ON u.id = s.customer_id
      ORDER BY b.messages DESC`,
    [count],
  );
  return rows;
}

const isPage = (minItems: number) => (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  'items' in body &&
  (body.items as unknown[]).length >= minItems;
const hasMessages = (body: unknown) =>
  typeof body === 'object' && body !== null && 'messages' in body && (body.messages as unknown[]).length > 0;
const isRequest = (body: unknown) => typeof body === 'object' && body !== null && 'code' in body;

export async function loadScenarios(connections: number): Promise<{
  scenarios: Scenario[];
  listUsers: BenchUser[];
  chatTargets: ChatTarget[];
}> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const listUsers = await pickListUsers(client, connections);
    const chatTargets = await pickChatTargets(client, connections);
    const forList = (query: string) => listUsers.map(({ email }) => ({ email, path: `${query}` }));
    const forChat = (path: (target: ChatTarget) => string) =>
      chatTargets.map((target) => ({ email: target.email, path: path(target) }));
    const scenarios: Scenario[] = [
      // A control: no session, no database. What it shows beyond a few ms is the machine, not the portal.
      {
        name: 'control: GET /healthz (no database)',
        paths: forList('/healthz'),
        check: (body) => typeof body === 'object' && body !== null && 'status' in body,
      },
      { name: 'machines, default page', paths: forList('/api/end-products/user-owned'), check: isPage(1) },
      {
        name: 'machines, sorted + filtered',
        paths: forList(
          '/api/end-products/user-owned?sort=guaranteeEndDate&order=asc&status=R,G,W&q=agromech',
        ),
        check: isPage(0),
      },
      {
        name: 'service requests, default page',
        paths: forList('/api/service-requests/user-owned'),
        check: isPage(1),
      },
      {
        name: 'service requests, open statuses',
        paths: forList('/api/service-requests/user-owned?status=N,C,R,P,O,A'),
        check: isPage(0),
      },
      {
        name: 'service requests, by machine name, page 2',
        paths: forList('/api/service-requests/user-owned?sort=machineName&order=asc&page=2'),
        check: isPage(0),
      },
      {
        name: 'service request details',
        paths: forChat((t) => `/api/service-requests/${t.serviceRequestId}`),
        check: isRequest,
      },
      {
        name: 'chat, newest page',
        paths: forChat((t) => `/api/chat/comments?serviceRequestId=${t.serviceRequestId}`),
        check: hasMessages,
      },
      {
        name: 'chat, older page',
        paths: forChat(
          (t) => `/api/chat/comments?serviceRequestId=${t.serviceRequestId}&before=${t.middleMessageId}`,
        ),
        check: hasMessages,
      },
    ];
    return { scenarios, listUsers, chatTargets };
  } finally {
    await client.end();
  }
}
