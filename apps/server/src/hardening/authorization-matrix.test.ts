import { randomUUID } from 'node:crypto';
import type { Access } from '@care/contract/endpoint';
import { ENDPOINTS, routeKey } from '@care/contract/endpoints';
import { AUTHORITIES } from '@care/contract/limits';
import { DEFAULT_SERVICE_TIME_TARGETS } from '@care/contract/service-times';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cannedReplies } from '#app/db/schema/canned-replies.ts';
import { issueAuthToken } from '#app/security/auth-tokens.ts';
import { serviceRatingLinks } from '#app/db/schema/ratings.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { randomToken, sha256Hex } from '#app/security/tokens.ts';
import { eq, sql } from 'drizzle-orm';
import {
  b2cPayload,
  clearRateLimits,
  insertUser,
  PASSWORD,
  registrationPayload,
} from '#app/test/accounts.ts';
import { insertMachine } from '#app/test/accounts.ts';
import {
  ACTORS,
  type ActorName,
  ROLE_OF,
  buildWorld,
  cart,
  exampleCatalogParts,
  fields,
  freshOfferRequest,
  freshServiceRequest,
  freshSession,
  freshSessionId,
  freshSetting,
  freshUser,
  type Holdings,
  multipartRequest,
  type Owner,
  pngFile,
  send,
  type SignedIn,
  type World,
} from './matrix-fixtures.ts';

/**
 * Issue 6: the authorization matrix. Every route the app registers (collected by an onRoute observer while
 * buildApp runs, so a route added tomorrow fails this file until it has a row) × every kind of caller
 * (anonymous, customer A, customer B, a customer without the catalogue authority, service, sales, admin) × the
 * owner of the resource the request names (A's or B's). Each cell sends a valid request — a body the route
 * accepts, an allowed Origin — so the status it gets is the access decision, and asserts it.
 *
 * Reading the table: a number is the status for that caller; [a, b] is the status with A's resource and with
 * B's resource. Another customer's resource is 404 (its existence is not revealed); a screen closed to a role
 * is 403 (docs/decisions/022); no session is 401.
 */

/** Status per caller: one for both owners, or [with A's resource, with B's resource]. */
type Expected = number | readonly [number, number];

interface Cell {
  world: World;
  actor: ActorName;
  /** Whose resource the request names (rows with ownership), else null. */
  owner: Owner | null;
  /** The owner's holdings (rows with ownership). */
  of: Holdings;
  /** The cookie the cell sends; a request builder may replace it (fresh session or user). */
  cookie: string | undefined;
}

interface Row {
  expect: Record<ActorName, Expected>;
  /** The request names a resource of customer A or B: every caller tries both (a tuple in `expect` implies it). */
  owned?: boolean;
  /** The request of a cell; may make what the cell consumes (a fresh request, setting, session). */
  request: (cell: Cell) => InjectOptions | Promise<InjectOptions>;
  /**
   * 'session': the cell runs in a new session of its actor (the route ends or replaces the session);
   * 'user': as a new user of the actor's kind (the route changes the account: password, deactivation).
   */
  as?: 'session' | 'user';
  /** A server-sent-events stream: read the status and headers, then let go of it. */
  stream?: boolean;
  /**
   * A list of the caller's own things: the ids it lists (`listed`) may not include another customer's
   * (`idOf` of A's and B's holdings, except the caller's own). Service staff with `staffSeeAll` may list any.
   */
  lists?: { listed: (body: unknown) => string[]; idOf: (h: Holdings) => string; staffSeeAll?: boolean };
}

const itemIds = (body: unknown) => (body as { items: { id: string }[] }).items.map((i) => String(i.id));

/**
 * Routes left out of the matrix, with the reason. The swagger-ui bundle's static files and its catch-all carry
 * no data and no access decision (the documents themselves, /api/docs/json and /yaml, are in the table).
 */
const EXCLUDED: Record<string, string> = {
  'GET /api/docs/static/index.html': 'swagger-ui bundle file',
  'GET /api/docs/static/swagger-initializer.js': 'swagger-ui bundle file',
  'GET /api/docs/static/*': 'swagger-ui bundle files (catch-all)',
};

// Shorthands for uniform rows; everything else is written out per caller.
const PUBLIC = (status: number): Record<ActorName, Expected> => ({
  anonymous: status,
  customerA: status,
  customerB: status,
  noCatalog: status,
  service: status,
  sales: status,
  admin: status,
});
const SIGNED_IN = (status: number): Record<ActorName, Expected> => ({ ...PUBLIC(status), anonymous: 401 });
/** Anyone may read the catalogue except a signed-in user without RIGHT_CARE_VIEW_CATALOG (SPEC §1, §6). */
const CATALOGUE = (status: number): Record<ActorName, Expected> => ({ ...PUBLIC(status), noCatalog: 403 });
/** A request's own customer and service staff (service, admin); anyone else gets 404. */
const SERVICE_REQUEST = (ok: number): Record<ActorName, Expected> => ({
  anonymous: 401,
  customerA: [ok, 404],
  customerB: [404, ok],
  noCatalog: 404,
  service: ok,
  sales: 404,
  admin: ok,
});
/** The staff screens of service requests: service and admin; everyone else signed in 403. */
const SERVICE_STAFF = (ok: number): Record<ActorName, Expected> => ({
  anonymous: 401,
  customerA: 403,
  customerB: 403,
  noCatalog: 403,
  service: ok,
  sales: 403,
  admin: ok,
});
/** The offer-request inbox: sales and admin; everyone else signed in 403. */
const SALES_STAFF = (ok: number): Record<ActorName, Expected> => ({
  ...SERVICE_STAFF(ok),
  service: 403,
  sales: ok,
});
/** Only the account's own rows: each customer their own; anyone else's is 404 (staff included). */
const OWN_ONLY = (ok: number): Record<ActorName, Expected> => ({
  anonymous: 401,
  customerA: [ok, 404],
  customerB: [404, ok],
  noCatalog: 404,
  service: 404,
  sales: 404,
  admin: 404,
});

const json = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload: object): InjectOptions => ({
  method,
  url,
  payload,
});
const get = (url: string): InjectOptions => ({ method: 'GET', url });
let serial = 0;
const unique = (prefix: string) => `${prefix}-${(serial += 1)}-${randomUUID().slice(0, 8)}`;

/** A well-formed passkey answer naming a credential nobody registered. */
const UNKNOWN_PASSKEY_ANSWER = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};
/** The admin area (issue 15): admins only; every other signed-in caller 403. */
const ADMIN_ONLY = (ok: number): Record<ActorName, Expected> => ({ ...SERVICE_STAFF(ok), service: 403 });
/** A new service employee for a staff-account change (the shared actors keep their roles and sessions). */
const staffTarget = async (world: World) => (await freshUser(world, 'service')).id;
/** A new request of the owner, moved to F (executed): one that may be rated once. */
async function finishedRequest(world: World, owner: 'A' | 'B'): Promise<string> {
  const id = await freshServiceRequest(world, owner);
  await world.db
    .update(serviceRequests)
    .set({ status: 'F' })
    .where(eq(serviceRequests.id, Number(id)));
  return id;
}
/** The token of a fresh rating link of a new finished request of customer A. */
async function ratingToken(world: World): Promise<string> {
  const token = randomToken();
  await world.db.insert(serviceRatingLinks).values({
    serviceRequestId: Number(await finishedRequest(world, 'A')),
    tokenHash: sha256Hex(token),
    expiresAt: sql`now() + interval '30 days'`,
  });
  return token;
}
/** A set-password link of a new invited service employee. */
async function setPasswordLink(world: World): Promise<string> {
  const email = `${unique('invited')}@example.com`;
  const userId = await insertUser(world.db, { email, role: 'service', status: 'pending' });
  return issueAuthToken(world.db, userId, 'set_password');
}

const cannedReplyPayload = () => ({
  title: unique('Odpowiedź'),
  textPl: 'Dzień dobry, sprawdzimy.',
  textEn: 'Hello, we will check.',
});
/** A canned reply to change or delete, straight in the table (the cell's caller may not create one). */
async function freshCannedReply(world: World): Promise<number> {
  const [row] = await world.db
    .insert(cannedReplies)
    .values({ title: unique('Odpowiedź'), textPl: 'Dzień dobry.' })
    .returning({ id: cannedReplies.id });
  return row!.id;
}

const MATRIX: Record<string, Row> = {
  // --- Public: health, brand, API documents, the web app ---
  'GET /healthz': { expect: PUBLIC(200), request: () => get('/healthz') },
  'GET /readyz': { expect: PUBLIC(200), request: () => get('/readyz') },
  // Prometheus metrics: 404 without METRICS_TOKEN, and then only with the token (plugins/metrics.test.ts).
  'GET /metrics': { expect: PUBLIC(404), request: () => get('/metrics') },
  'GET /api/brand': { expect: PUBLIC(200), request: () => get('/api/brand') },
  'GET /api/docs': { expect: PUBLIC(200), request: () => get('/api/docs') },
  'GET /api/docs/json': { expect: PUBLIC(200), request: () => get('/api/docs/json') },
  'GET /api/docs/yaml': { expect: PUBLIC(200), request: () => get('/api/docs/yaml') },
  'GET /': { expect: PUBLIC(200), request: () => get('/') },
  'GET /*': { expect: PUBLIC(200), request: ({ world }) => get(world.assetPath) },

  // --- Sign-in, registration, password reset: public, rate limited ---
  'GET /auth/captcha': { expect: PUBLIC(200), request: () => get('/auth/captcha') },
  'POST /auth/login': {
    // Signing in ends the session the browser still carried: each cell brings its own.
    as: 'session',
    expect: PUBLIC(200),
    request: async ({ world }) => {
      const someone = await freshUser(world, 'customerA');
      return json('POST', '/auth/login', { username: someone.email, password: PASSWORD, remember: false });
    },
  },
  'POST /auth/logout': {
    as: 'session',
    expect: PUBLIC(204),
    request: () => ({ method: 'POST', url: '/auth/logout' }),
  },
  // Staff single sign-on: browser navigations that answer with a redirect, to the provider or back to sign-in.
  'GET /auth/sso/start': { expect: PUBLIC(302), request: () => get('/auth/sso/start') },
  'GET /auth/sso/callback': { expect: PUBLIC(302), request: () => get('/auth/sso/callback?code=x&state=y') },
  'POST /auth/registration': {
    expect: PUBLIC(202),
    request: async ({ world }) => {
      const machine = unique('AM-REG').toUpperCase();
      await insertMachine(world.db, machine);
      return json('POST', '/auth/registration', registrationPayload(`${unique('reg')}@example.com`, machine));
    },
  },
  'POST /auth/registrationB2C': {
    expect: PUBLIC(202),
    request: async ({ world }) => {
      const machine = unique('AM-B2C').toUpperCase();
      await insertMachine(world.db, machine);
      return json('POST', '/auth/registrationB2C', b2cPayload(`${unique('b2c')}@example.com`, machine));
    },
  },
  'POST /auth/registration/confirmation': {
    expect: PUBLIC(200),
    request: async ({ world }) => {
      const email = `${unique('pending')}@example.com`;
      const userId = await insertUser(world.db, { email, status: 'pending' });
      const token = await issueAuthToken(world.db, userId, 'confirm_registration');
      return json('POST', '/auth/registration/confirmation', { id: token, username: email });
    },
  },
  'POST /auth/password-reset': {
    expect: PUBLIC(202),
    request: ({ world }) =>
      json('POST', '/auth/password-reset', { email: world.A.email, captchaResponse: '' }),
  },
  'POST /auth/password-reset/check': {
    expect: PUBLIC(204),
    request: async ({ world }) => {
      const someone = await freshUser(world, 'customerA');
      const token = await issueAuthToken(world.db, someone.id, 'reset_password');
      return json('POST', '/auth/password-reset/check', { token });
    },
  },
  'POST /auth/password-reset/confirmation': {
    expect: PUBLIC(204),
    request: async ({ world }) => {
      const someone = await freshUser(world, 'customerA');
      const token = await issueAuthToken(world.db, someone.id, 'reset_password');
      return json('POST', '/auth/password-reset/confirmation', { token, password: 'Nowe-Haslo-Zniwa-2026' });
    },
  },

  // --- The account itself (api/user): any signed-in user, always their own ---
  'GET /api/user/extended-details': {
    expect: SIGNED_IN(200),
    request: () => get('/api/user/extended-details'),
  },
  'GET /api/user/authorities': { expect: SIGNED_IN(200), request: () => get('/api/user/authorities') },
  'GET /api/user/details': { expect: SIGNED_IN(200), request: () => get('/api/user/details') },
  'PUT /api/user/details': {
    expect: SIGNED_IN(200),
    request: () =>
      json('PUT', '/api/user/details', { firstName: 'Jan', lastName: 'Kowalski', phone: '600100200' }),
  },
  'GET /api/user/address': { expect: SIGNED_IN(200), request: () => get('/api/user/address') },
  'PUT /api/user/address': {
    expect: SIGNED_IN(200),
    request: () =>
      json('PUT', '/api/user/address', {
        companyName: '',
        street: 'Polna',
        houseNumber: '1',
        apartmentNumber: '',
        postalCode: '00-001',
        city: 'Warszawa',
        countryCode: 'PL',
      }),
  },
  'PUT /api/user/password': {
    as: 'user',
    expect: SIGNED_IN(204),
    request: () =>
      json('PUT', '/api/user/password', { oldPassword: PASSWORD, newPassword: 'Nowe-Haslo-Zniwa-2026' }),
  },
  'POST /api/user/deactivation': {
    as: 'user',
    expect: SIGNED_IN(204),
    request: () => json('POST', '/api/user/deactivation', { password: PASSWORD }),
  },
  'GET /api/user/settings': {
    expect: SIGNED_IN(200),
    request: () => get('/api/user/settings'),
    lists: { listed: (body) => (body as { id: string }[]).map((s) => s.id), idOf: (h) => h.settingId },
  },
  'POST /api/user/settings': {
    expect: SIGNED_IN(201),
    // A new user's first setting under this key: 201 (a second save of the same key would be 200).
    as: 'user',
    request: () =>
      json('POST', '/api/user/settings', { broadValue: '', key: 'notifications.state-change', value: false }),
  },
  'DELETE /api/user/settings': {
    expect: SIGNED_IN(200),
    request: () => ({ method: 'DELETE', url: '/api/user/settings?broadValue=care-portal' }),
  },
  // Everyone's own sessions: another user's session id is 404 (features/sessions/sessions.test.ts).
  'GET /api/user/sessions': { expect: SIGNED_IN(200), request: () => get('/api/user/sessions') },
  'DELETE /api/user/sessions/:id': {
    expect: OWN_ONLY(200),
    request: async ({ world, of }) => ({
      method: 'DELETE',
      url: `/api/user/sessions/${await freshSessionId(world, of.userId)}`,
    }),
  },
  'POST /api/user/sessions/end-others': {
    // It ends the caller's other sessions: each cell as a user of its own, so the shared actors keep theirs.
    as: 'user',
    expect: SIGNED_IN(200),
    request: () => ({ method: 'POST', url: '/api/user/sessions/end-others' }),
  },
  'PUT /api/user/settings/:id': {
    expect: OWN_ONLY(200),
    request: ({ of }) => json('PUT', `/api/user/settings/${of.settingId}`, { value: true }),
  },
  'DELETE /api/user/settings/:id': {
    expect: OWN_ONLY(204),
    request: async ({ world, owner }) => ({
      method: 'DELETE',
      url: `/api/user/settings/${await freshSetting(world, owner!)}`,
    }),
  },

  // --- Machines ---
  'GET /api/end-products/user-owned': {
    expect: SIGNED_IN(200),
    request: () => get('/api/end-products/user-owned'),
    lists: { listed: itemIds, idOf: (h) => String(h.machineId) },
  },
  'GET /api/end-products/:id': {
    expect: SERVICE_REQUEST(200),
    request: ({ of }) => get(`/api/end-products/${of.machineId}`),
  },

  // --- Service requests ---
  'GET /api/service-requests/user-owned': {
    expect: SIGNED_IN(200),
    request: () => get('/api/service-requests/user-owned'),
    lists: { listed: itemIds, idOf: (h) => h.serviceRequestId },
  },
  'GET /api/service-requests/elements': {
    expect: SIGNED_IN(200),
    request: () => get('/api/service-requests/elements'),
  },
  'POST /api/service-requests/new-request': {
    // Only for a machine of one's own: anyone else's machine is 404, staff included (staff do not file).
    expect: OWN_ONLY(201),
    request: ({ of }) =>
      multipartRequest('POST', '/api/service-requests/new-request', [
        ...fields({
          machineId: String(of.machineId),
          problemDescription: 'Cieknie olej.',
          transportType: 'OWN',
          deliveryPlace: 'FARM',
          comments: '',
          clientId: randomUUID(),
        }),
        pngFile(),
      ]),
  },
  'GET /api/service-requests/:id': {
    expect: SERVICE_REQUEST(200),
    request: ({ of }) => get(`/api/service-requests/${of.serviceRequestId}`),
  },
  'POST /api/service-requests/:id/appendices': {
    expect: SERVICE_REQUEST(201),
    request: ({ of }) =>
      multipartRequest('POST', `/api/service-requests/${of.serviceRequestId}/appendices`, [
        pngFile('dodatek.png'),
      ]),
  },
  'GET /api/service-requests/:id/attachments/:fileId': {
    expect: SERVICE_REQUEST(200),
    request: ({ of }) => get(`/api/service-requests/${of.serviceRequestId}/attachments/${of.attachmentId}`),
  },
  'GET /api/service-requests/:id/attachments/:fileId/:rendition': {
    expect: SERVICE_REQUEST(200),
    request: ({ of }) =>
      get(`/api/service-requests/${of.serviceRequestId}/attachments/${of.attachmentId}/thumbnail`),
  },
  'POST /api/service-requests/:id/withdrawal': {
    // The customer's own status change; staff change status on their own screen (403 here).
    expect: { ...OWN_ONLY(200), service: 403, sales: 403, admin: 403 },
    request: async ({ world, owner }) => ({
      method: 'POST',
      url: `/api/service-requests/${await freshServiceRequest(world, owner!)}/withdrawal`,
    }),
  },
  'POST /api/service-requests/:id/rating': {
    // The customer's own finished request; staff see ratings, they do not give them (403).
    expect: { ...OWN_ONLY(200), service: 403, sales: 403, admin: 403 },
    request: async ({ world, owner }) =>
      json('POST', `/api/service-requests/${await finishedRequest(world, owner!)}/rating`, { score: 4 }),
  },
  // The e-mailed rating link (issue 18): no session needed, the token is the permission (a forged one: 400,
  // features/rating/rating.test.ts).
  'POST /api/service-ratings/link': {
    expect: PUBLIC(200),
    request: async ({ world }) =>
      json('POST', '/api/service-ratings/link', { token: await ratingToken(world) }),
  },
  'POST /api/service-ratings/link/rating': {
    expect: PUBLIC(200),
    request: async ({ world }) =>
      json('POST', '/api/service-ratings/link/rating', { token: await ratingToken(world), score: 5 }),
  },

  // --- Chat of a service request ---
  'GET /api/chat/comments': {
    expect: SERVICE_REQUEST(200),
    request: ({ of }) => get(`/api/chat/comments?serviceRequestId=${of.serviceRequestId}`),
  },
  'POST /api/chat/comment': {
    expect: SERVICE_REQUEST(201),
    request: ({ of }) =>
      json('POST', '/api/chat/comment', {
        serviceRequestId: of.serviceRequestId,
        body: 'Pytanie',
        clientId: randomUUID(),
      }),
  },
  'GET /api/chat/comments/unread': {
    expect: SIGNED_IN(200),
    request: async ({ world, actor }) => {
      // A customer's own request has a message they have not read: a service reply newer than their read marker
      // (the row before moved it when each caller's comment went in, in whatever order they landed).
      if (actor === 'customerA' || actor === 'customerB') {
        const own = world[actor === 'customerA' ? 'A' : 'B'];
        const reply = json('POST', '/api/chat/comment', {
          serviceRequestId: own.serviceRequestId,
          body: 'Odpowiedź serwisu',
          clientId: randomUUID(),
        });
        expect((await send(world, reply, world.cookies.service)).statusCode).toBe(201);
      }
      return get('/api/chat/comments/unread');
    },
    lists: {
      listed: (body) =>
        (body as { requests: { serviceRequestId: string }[] }).requests.map((r) => r.serviceRequestId),
      idOf: (h) => h.serviceRequestId,
      staffSeeAll: true,
    },
  },
  'PUT /api/chat/comments/read': {
    expect: SERVICE_REQUEST(200),
    request: ({ of }) =>
      json('PUT', '/api/chat/comments/read', {
        serviceRequestId: of.serviceRequestId,
        lastReadMessageId: of.chatMessageId,
      }),
  },
  'POST /api/chat/files': {
    expect: SERVICE_REQUEST(201),
    request: ({ of }) =>
      multipartRequest('POST', '/api/chat/files', [
        ...fields({ serviceRequestId: of.serviceRequestId, clientId: randomUUID() }),
        pngFile('plik.png'),
      ]),
  },
  'GET /api/chat/files': {
    expect: SERVICE_REQUEST(200),
    request: ({ of }) => get(`/api/chat/files?serviceRequestId=${of.serviceRequestId}`),
  },
  'GET /api/chat/files/:fileId': {
    expect: SERVICE_REQUEST(200),
    request: ({ of }) => get(`/api/chat/files/${of.chatFileId}`),
  },

  // --- Service staff (docs/decisions/022) ---
  'GET /api/staff/service-requests': {
    expect: SERVICE_STAFF(200),
    request: () => get('/api/staff/service-requests'),
  },
  // Canned replies (issue 18): service staff and admins; customers and parts sales 403. Each change on a new reply.
  'GET /api/staff/canned-replies': {
    expect: SERVICE_STAFF(200),
    request: () => get('/api/staff/canned-replies'),
  },
  'POST /api/staff/canned-replies': {
    expect: SERVICE_STAFF(201),
    request: () => json('POST', '/api/staff/canned-replies', cannedReplyPayload()),
  },
  'PUT /api/staff/canned-replies/:id': {
    expect: SERVICE_STAFF(200),
    request: async ({ world }) =>
      json('PUT', `/api/staff/canned-replies/${await freshCannedReply(world)}`, cannedReplyPayload()),
  },
  'DELETE /api/staff/canned-replies/:id': {
    expect: SERVICE_STAFF(204),
    request: async ({ world }) => ({
      method: 'DELETE',
      url: `/api/staff/canned-replies/${await freshCannedReply(world)}`,
    }),
  },
  // The insight dashboard (issue 15, docs/decisions/047): service staff and admins only.
  'GET /api/staff/insight': {
    expect: SERVICE_STAFF(200),
    request: () => get('/api/staff/insight'),
  },
  'GET /api/staff/service-requests/:id': {
    owned: true,
    expect: SERVICE_STAFF(200),
    request: ({ of }) => get(`/api/staff/service-requests/${of.serviceRequestId}`),
  },
  'GET /api/staff/service-requests/:id/job-sheet': {
    owned: true,
    expect: SERVICE_STAFF(200),
    request: ({ of }) => get(`/api/staff/service-requests/${of.serviceRequestId}/job-sheet?language=de`),
  },
  'PATCH /api/staff/service-requests/:id': {
    owned: true,
    expect: SERVICE_STAFF(200),
    request: ({ of }) =>
      json('PATCH', `/api/staff/service-requests/${of.serviceRequestId}`, {
        serviceOpinion: 'Łożysko do wymiany.',
      }),
  },
  'POST /api/staff/service-requests/:id/status': {
    owned: true,
    expect: SERVICE_STAFF(200),
    request: async ({ world, owner }) =>
      json('POST', `/api/staff/service-requests/${await freshServiceRequest(world, owner!)}/status`, {
        status: 'C',
        fromStatus: 'N',
      }),
  },

  // The shared desk (issue 18, docs/decisions/062): service staff and admins only.
  'PUT /api/staff/service-requests/:id/assignee': {
    owned: true,
    expect: SERVICE_STAFF(200),
    request: async ({ world, owner }) =>
      json('PUT', `/api/staff/service-requests/${await freshServiceRequest(world, owner!)}/assignee`, {
        assigneeId: null,
        fromAssigneeId: null,
      }),
  },
  'PUT /api/staff/service-requests/:id/triage': {
    owned: true,
    expect: SERVICE_STAFF(200),
    request: ({ of }) =>
      json('PUT', `/api/staff/service-requests/${of.serviceRequestId}/triage`, {
        priority: 'high',
        tags: ['hydraulika'],
      }),
  },
  'POST /api/staff/service-requests/:id/no-answer-needed': {
    owned: true,
    expect: SERVICE_STAFF(200),
    request: ({ of }) => ({
      method: 'POST',
      url: `/api/staff/service-requests/${of.serviceRequestId}/no-answer-needed`,
    }),
  },
  'GET /api/staff/waiting': {
    expect: SERVICE_STAFF(200),
    request: () => get('/api/staff/waiting'),
  },
  'GET /api/staff/colleagues': {
    expect: SERVICE_STAFF(200),
    request: () => get('/api/staff/colleagues'),
  },
  'GET /api/staff/tags': {
    expect: SERVICE_STAFF(200),
    request: () => get('/api/staff/tags?q=hy'),
  },

  // Intake and corrections (issue 18, docs/decisions/064): service staff and admins only; the record also its customer.
  'GET /api/staff/intake/customers': {
    expect: SERVICE_STAFF(200),
    request: () => get('/api/staff/intake/customers?q=example'),
  },
  'GET /api/staff/intake/customers/:id/machines': {
    owned: true,
    expect: SERVICE_STAFF(200),
    request: ({ of }) => get(`/api/staff/intake/customers/${of.userId}/machines`),
  },
  'POST /api/staff/intake/service-requests': {
    owned: true,
    expect: SERVICE_STAFF(201),
    request: ({ of }) =>
      json('POST', '/api/staff/intake/service-requests', {
        customerId: String(of.userId),
        machineId: String(of.machineId),
        problemDescription: 'Klient dzwonił: cieknie olej.',
      }),
  },
  'POST /api/staff/service-requests/:id/corrections': {
    owned: true,
    expect: SERVICE_STAFF(200),
    request: async ({ world, owner }) =>
      json('POST', `/api/staff/service-requests/${await freshServiceRequest(world, owner!)}/corrections`, {
        transportType: 'OWN',
        reason: 'Klient przywiezie maszynę sam.',
      }),
  },
  'GET /api/staff/service-requests/:id/duplicate-candidates': {
    owned: true,
    expect: SERVICE_STAFF(200),
    request: ({ of }) => get(`/api/staff/service-requests/${of.serviceRequestId}/duplicate-candidates`),
  },
  'POST /api/staff/service-requests/:id/duplicate': {
    owned: true,
    expect: SERVICE_STAFF(200),
    request: async ({ world, owner }) => {
      const original = await freshServiceRequest(world, owner!);
      const [row] = await world.db
        .select({ code: serviceRequests.code })
        .from(serviceRequests)
        .where(eq(serviceRequests.id, Number(original)));
      return json(
        'POST',
        `/api/staff/service-requests/${await freshServiceRequest(world, owner!)}/duplicate`,
        {
          originalCode: row!.code,
        },
      );
    },
  },
  'GET /api/service-requests/:id/record': {
    expect: SERVICE_REQUEST(200),
    request: ({ of }) => get(`/api/service-requests/${of.serviceRequestId}/record`),
  },

  // --- Offer requests (docs/decisions/026) ---
  'POST /api/parts/email': {
    // Needs RIGHT_CARE_VIEW_CATALOG, which every staff role holds.
    expect: { ...SIGNED_IN(201), noCatalog: 403 },
    request: ({ world }) => json('POST', '/api/parts/email', cart(world)),
  },
  'POST /api/offer-requests/new-request': {
    expect: { ...SIGNED_IN(201), noCatalog: 403 },
    request: ({ world }) =>
      multipartRequest('POST', '/api/offer-requests/new-request', [
        ...fields({ payload: JSON.stringify(cart(world)) }),
        pngFile('czesc.png'),
      ]),
  },
  'GET /api/offer-requests/user-owned': {
    expect: SIGNED_IN(200),
    request: () => get('/api/offer-requests/user-owned'),
    lists: { listed: itemIds, idOf: (h) => h.offerRequestId },
  },
  'GET /api/offer-requests/:id': {
    expect: OWN_ONLY(200),
    request: ({ of }) => get(`/api/offer-requests/${of.offerRequestId}`),
  },
  'GET /api/offer-requests/:id/attachments/:fileId': {
    expect: OWN_ONLY(200),
    request: ({ of }) => get(`/api/offer-requests/${of.offerRequestId}/attachments/${of.offerAttachmentId}`),
  },
  'GET /api/staff/offer-requests': {
    expect: SALES_STAFF(200),
    request: () => get('/api/staff/offer-requests'),
  },
  'GET /api/staff/offer-requests/:id': {
    owned: true,
    expect: SALES_STAFF(200),
    request: ({ of }) => get(`/api/staff/offer-requests/${of.offerRequestId}`),
  },
  'GET /api/staff/offer-requests/:id/attachments/:fileId': {
    owned: true,
    expect: SALES_STAFF(200),
    request: ({ of }) =>
      get(`/api/staff/offer-requests/${of.offerRequestId}/attachments/${of.offerAttachmentId}`),
  },
  'POST /api/staff/offer-requests/:id/status': {
    owned: true,
    expect: SALES_STAFF(200),
    request: async ({ world, owner }) =>
      json('POST', `/api/staff/offer-requests/${await freshOfferRequest(world, owner!)}/status`, {
        status: 'in_progress',
      }),
  },

  // --- The catalogue: public, but a signed-in user needs RIGHT_CARE_VIEW_CATALOG ---
  'GET /api/catalog-folders': { expect: CATALOGUE(200), request: () => get('/api/catalog-folders') },
  'GET /api/catalog-cards': {
    expect: CATALOGUE(200),
    request: ({ world }) => get(`/api/catalog-cards?folderId=${world.catalog.folderId}`),
  },
  'GET /api/catalog-cards/:id': {
    expect: CATALOGUE(200),
    request: ({ world }) => get(`/api/catalog-cards/${world.catalog.cardId}`),
  },
  'GET /api/catalog-cards/:id/drawing': {
    expect: CATALOGUE(200),
    request: ({ world }) => get(`/api/catalog-cards/${world.catalog.cardId}/drawing`),
  },
  'GET /api/catalog-files/:id': {
    expect: CATALOGUE(200),
    request: ({ world }) => get(`/api/catalog-files/${world.catalog.catalogFileId}`),
  },
  'GET /api/parts': { expect: CATALOGUE(200), request: () => get('/api/parts?q=cyl') },
  'GET /api/parts/count': { expect: CATALOGUE(200), request: () => get('/api/parts/count?q=cyl') },
  'GET /api/parts/hints': { expect: CATALOGUE(200), request: () => get('/api/parts/hints?q=cyl') },
  'GET /api/parts/paths': {
    expect: CATALOGUE(200),
    request: ({ world }) => get(`/api/parts/paths?partId=${world.catalog.partId}`),
  },
  'GET /api/parts/breadcrumbs': {
    expect: CATALOGUE(200),
    request: ({ world }) => get(`/api/parts/breadcrumbs?cardId=${world.catalog.cardId}`),
  },
  'GET /api/parts/:id': {
    expect: CATALOGUE(200),
    request: ({ world }) => get(`/api/parts/${world.catalog.partId}`),
  },

  // --- Catalogue import: admin only ---
  'GET /api/admin/catalog-imports': {
    expect: { ...SERVICE_STAFF(200), service: 403 },
    request: () => get('/api/admin/catalog-imports'),
  },
  'POST /api/admin/catalog-imports': {
    expect: { ...SERVICE_STAFF(200), service: 403 },
    // A check only (dryRun) of the example catalogue: nothing changes for the other cells.
    request: async () =>
      multipartRequest('POST', '/api/admin/catalog-imports', [
        ...(await exampleCatalogParts()),
        ...fields({ dryRun: 'true' }),
      ]),
  },

  // --- Customers (issue 15, docs/decisions/045): service staff and admins read, only admins change ---
  'GET /api/staff/customers': {
    expect: SERVICE_STAFF(200),
    request: () => get('/api/staff/customers?q=example'),
  },
  'GET /api/staff/customers/:id': {
    owned: true,
    expect: SERVICE_STAFF(200),
    request: ({ of }) => get(`/api/staff/customers/${of.userId}`),
  },
  'POST /api/admin/customers/:id/confirmation-mail': {
    expect: { ...SERVICE_STAFF(200), service: 403 },
    request: async ({ world }) => {
      const id = await insertUser(world.db, { email: `${unique('pending')}@example.com`, status: 'pending' });
      return json('POST', `/api/admin/customers/${id}/confirmation-mail`, {});
    },
  },
  'POST /api/admin/customers/:id/reactivation': {
    expect: { ...SERVICE_STAFF(200), service: 403 },
    request: async ({ world }) => {
      const id = await insertUser(world.db, {
        email: `${unique('closed')}@example.com`,
        status: 'deactivated',
      });
      return json('POST', `/api/admin/customers/${id}/reactivation`, { reason: 'Prośba klienta' });
    },
  },
  'POST /api/admin/customers/:id/machines': {
    owned: true,
    expect: { ...SERVICE_STAFF(200), service: 403 },
    request: async ({ world, of }) => {
      const serialNumber = unique('AM-ASSIGN').toUpperCase();
      await insertMachine(world.db, serialNumber);
      return json('POST', `/api/admin/customers/${of.userId}/machines`, { serialNumber, reason: 'Zakup' });
    },
  },
  'POST /api/admin/customers/:id/machines/:machineId/removal': {
    owned: true,
    expect: { ...SERVICE_STAFF(200), service: 403 },
    request: async ({ world, of }) => {
      const machineId = await insertMachine(world.db, unique('AM-REMOVE').toUpperCase(), of.userId);
      return json('POST', `/api/admin/customers/${of.userId}/machines/${machineId}/removal`, {
        reason: 'Sprzedana',
      });
    },
  },
  // --- Machines from the ERP: admin only ---
  'GET /api/admin/machine-imports': {
    expect: { ...SERVICE_STAFF(200), service: 403 },
    request: () => get('/api/admin/machine-imports'),
  },
  'POST /api/admin/machine-imports': {
    expect: { ...SERVICE_STAFF(200), service: 403 },
    // A check only (dryRun) of one new serial: nothing changes for the other cells.
    request: () =>
      multipartRequest('POST', '/api/admin/machine-imports?dryRun=true', [
        {
          name: 'file',
          file: {
            filename: 'machines.csv',
            content: Buffer.from('serial_number,model_name,status\nMATRIX-1,Model,W\n'),
          },
        },
      ]),
  },
  // --- Second factors (features/mfa): passkey sign-in and the second step are public and rate limited; the
  // second step needs a session held at it (none here: 401); settings are the account's own; the requirement
  // is admin only. Another account's passkey is a 404 (features/mfa/passkeys.test.ts). ---
  'POST /auth/passkey/options': {
    expect: PUBLIC(200),
    request: () => json('POST', '/auth/passkey/options', {}),
  },
  'POST /auth/passkey/sign-in': {
    expect: PUBLIC(400),
    request: () => json('POST', '/auth/passkey/sign-in', { response: UNKNOWN_PASSKEY_ANSWER }),
  },
  'POST /auth/second-factor/options': {
    expect: PUBLIC(401),
    request: () => json('POST', '/auth/second-factor/options', {}),
  },
  'POST /auth/second-factor': {
    expect: PUBLIC(401),
    request: () => json('POST', '/auth/second-factor', { method: 'totp', code: '123456' }),
  },
  'GET /api/user/mfa': { expect: SIGNED_IN(200), request: () => get('/api/user/mfa') },
  'POST /api/user/mfa/passkeys/options': {
    expect: SIGNED_IN(200),
    request: () => json('POST', '/api/user/mfa/passkeys/options', {}),
  },
  'POST /api/user/mfa/passkeys': {
    expect: SIGNED_IN(400),
    request: () =>
      json('POST', '/api/user/mfa/passkeys', {
        name: 'Key',
        response: {
          ...UNKNOWN_PASSKEY_ANSWER,
          response: { clientDataJSON: 'e30', attestationObject: 'oA' },
        },
      }),
  },
  'PUT /api/user/mfa/passkeys/:id': {
    expect: SIGNED_IN(404),
    request: () => json('PUT', '/api/user/mfa/passkeys/999999', { name: 'Key' }),
  },
  'POST /api/user/mfa/passkeys/:id/removal': {
    as: 'user',
    expect: SIGNED_IN(404),
    request: () => json('POST', '/api/user/mfa/passkeys/999999/removal', { password: PASSWORD }),
  },
  'POST /api/user/mfa/totp': {
    as: 'user',
    expect: SIGNED_IN(200),
    request: () => json('POST', '/api/user/mfa/totp', {}),
  },
  'POST /api/user/mfa/totp/confirmation': {
    as: 'user',
    expect: SIGNED_IN(400),
    request: () => json('POST', '/api/user/mfa/totp/confirmation', { code: '000000' }),
  },
  'POST /api/user/mfa/totp/removal': {
    as: 'user',
    expect: SIGNED_IN(404),
    request: () => json('POST', '/api/user/mfa/totp/removal', { password: PASSWORD }),
  },
  'POST /api/user/mfa/recovery-codes': {
    as: 'user',
    expect: SIGNED_IN(409),
    request: () => json('POST', '/api/user/mfa/recovery-codes', { password: PASSWORD }),
  },
  'GET /api/admin/security': {
    expect: { ...SERVICE_STAFF(200), service: 403 },
    request: () => get('/api/admin/security'),
  },
  'PUT /api/admin/security': {
    expect: { ...SERVICE_STAFF(200), service: 403 },
    // Off, as it is: the other cells' sign-ins stay as they are.
    request: () => json('PUT', '/api/admin/security', { requireStaffSecondFactor: false }),
  },
  // --- Service times (issue 18, ADR 066): service staff read them, admins set them ---
  'GET /api/admin/service-times': {
    expect: SERVICE_STAFF(200),
    request: () => get('/api/admin/service-times'),
  },
  'PUT /api/admin/service-times': {
    expect: { ...SERVICE_STAFF(200), service: 403 },
    // The defaults, as they are: the other cells' queues stay as they are.
    request: () => json('PUT', '/api/admin/service-times', DEFAULT_SERVICE_TIME_TARGETS),
  },
  // --- Audit log: admin only, read only ---
  'GET /api/admin/audit': {
    expect: { ...SERVICE_STAFF(200), service: 403 },
    request: () => get('/api/admin/audit?kind=auth.sign-in&limit=5'),
  },
  // --- Staff accounts (issue 15): admin only; each change on a new service employee ---
  'GET /api/admin/staff-accounts': {
    expect: ADMIN_ONLY(200),
    request: () => get('/api/admin/staff-accounts'),
  },
  'GET /api/admin/staff-accounts/:id': {
    expect: ADMIN_ONLY(200),
    request: async ({ world }) => get(`/api/admin/staff-accounts/${await staffTarget(world)}`),
  },
  'POST /api/admin/staff-accounts': {
    expect: ADMIN_ONLY(201),
    request: () =>
      json('POST', '/api/admin/staff-accounts', {
        email: `${unique('staff')}@example.com`,
        firstName: 'Anna',
        lastName: 'Nowak',
        role: 'service',
        language: 'pl',
      }),
  },
  'PUT /api/admin/staff-accounts/:id/role': {
    expect: ADMIN_ONLY(200),
    request: async ({ world }) =>
      json('PUT', `/api/admin/staff-accounts/${await staffTarget(world)}/role`, { role: 'sales' }),
  },
  ...Object.fromEntries(
    ['disable', 'enable', 'sign-out', 'set-password-link'].map((action) => [
      `POST /api/admin/staff-accounts/:id/${action}`,
      {
        expect: ADMIN_ONLY(200),
        request: async ({ world }: Cell) => ({
          method: 'POST' as const,
          url: `/api/admin/staff-accounts/${await staffTarget(world)}/${action}`,
        }),
      },
    ]),
  ),
  'POST /auth/set-password/check': {
    expect: PUBLIC(204),
    request: async ({ world }) =>
      json('POST', '/auth/set-password/check', { token: await setPasswordLink(world) }),
  },
  'POST /auth/set-password': {
    expect: PUBLIC(204),
    request: async ({ world }) =>
      json('POST', '/auth/set-password', {
        token: await setPasswordLink(world),
        password: 'Nowe-Haslo-Zniwa-2026',
      }),
  },

  // --- Real-time events ---
  'GET /api/events': { expect: SIGNED_IN(200), stream: true, request: () => get('/api/events') },
};

/** The routes a row covers: every method the route table lists for it (HEAD ones come from their GET). */
const isServiceStaff = (actor: ActorName) => actor === 'service' || actor === 'admin';
const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const hasOwnership = (row: Row) =>
  row.owned === true || Object.values(row.expect).some((e) => Array.isArray(e));
const expectedFor = (row: Row, actor: ActorName, owner: Owner | null): number => {
  const e = row.expect[actor];
  if (typeof e === 'number') return e;
  return owner === 'B' ? e[1] : e[0];
};

/**
 * What an endpoint's declared access (packages/contract endpoints) decides for a caller before anything else:
 * 401, 403, or 'passes' (the route then answers by its rows: its own 2xx, 404 for another customer's row, …).
 * The matrix states each cell on its own; this ties the two, so a declaration that drifts from the policy fails.
 */
function accessDecision(access: Access, actor: ActorName): 401 | 403 | 'passes' {
  if (access === 'anyone') return 'passes';
  // The matrix's callers have full sessions: none waits at the second factor.
  if (access === 'second-factor-step') return 401;
  const anonymousPasses = typeof access === 'object' && 'anonymous' in access;
  if (actor === 'anonymous') return anonymousPasses ? 'passes' : 401;
  if (typeof access !== 'object') return 'passes';
  if ('roles' in access) return access.roles.includes(ROLE_OF[actor]) ? 'passes' : 403;
  // Staff and customers A and B hold the catalogue authority; noCatalog does not (matrix-fixtures.ts).
  const holds = access.authority === AUTHORITIES.viewCatalog && actor !== 'noCatalog';
  return holds ? 'passes' : 403;
}

describe('authorization matrix: every route × caller × owner (issue 6)', () => {
  let world: World;

  beforeAll(async () => {
    world = await buildWorld();
    await clearRateLimits(world.db);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('has a row for every route the app registers, and no row for a route that does not exist', () => {
    const registered = new Set(world.routes.map(key));
    // HEAD routes are the GET route's own options (Fastify adds them): the GET row covers them.
    const gets = new Set(world.routes.filter((r) => r.method === 'GET').map((r) => r.url));
    const missing = [...registered].filter((k) => {
      if (k in MATRIX || k in EXCLUDED) return false;
      const [method, url] = k.split(' ') as [string, string];
      return !(method === 'HEAD' && gets.has(url) && (`GET ${url}` in MATRIX || `GET ${url}` in EXCLUDED));
    });
    const unknown = [...Object.keys(MATRIX), ...Object.keys(EXCLUDED)].filter((k) => !registered.has(k));
    expect(missing, `routes without a row in MATRIX: ${missing.join(', ')}`).toEqual([]);
    expect(unknown, `rows naming no route: ${unknown.join(', ')}`).toEqual([]);
    // Every row names a status for every caller.
    for (const [route, row] of Object.entries(MATRIX))
      expect(Object.keys(row.expect).sort(), route).toEqual([...ACTORS].sort());
  });

  it("agrees with each endpoint's declared access: 401 and 403 exactly where the table's guard refuses", () => {
    for (const { name, endpoint } of ENDPOINTS) {
      const route = routeKey(endpoint.method, endpoint.path);
      const row = MATRIX[route];
      expect(row, `${name} (${route}) has no row`).toBeDefined();
      for (const actor of ACTORS) {
        const decision = accessDecision(endpoint.access, actor);
        const statuses = [row!.expect[actor]].flat();
        const cell = `${name} for ${actor}: matrix ${statuses.join('/')}, access ${JSON.stringify(endpoint.access)}`;
        if (decision === 'passes')
          expect(
            statuses.some((s) => s === 401 || s === 403),
            cell,
          ).toBe(false);
        else
          expect(
            statuses.every((s) => s === decision),
            cell,
          ).toBe(true);
      }
    }
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(route, async () => {
      const owners: (Owner | null)[] = hasOwnership(row) ? ['A', 'B'] : [null];
      const runCell = async (actor: ActorName, owner: Owner | null): Promise<string[]> => {
        const expected = expectedFor(row, actor, owner);
        const cell: Cell = {
          world,
          actor,
          owner,
          of: world[owner ?? 'A'],
          cookie: actor === 'anonymous' ? undefined : world.cookies[actor],
        };
        if (actor !== 'anonymous' && row.as === 'session')
          cell.cookie = await freshSession(world, world.userIds[actor]);
        if (actor !== 'anonymous' && row.as === 'user')
          cell.cookie = (await freshUser(world, actor as SignedIn)).cookie;
        const options = await row.request(cell);
        const response = await send(
          world,
          row.stream ? { ...options, payloadAsStream: true } : options,
          cell.cookie,
        );
        if (row.stream) response.stream().destroy();
        const name = `${actor}${owner ? ` on ${owner}'s` : ''}`;
        if (response.statusCode !== expected)
          return [
            `${name}: expected ${expected}, got ${response.statusCode} ${row.stream ? '' : response.body.slice(0, 200)}`,
          ];
        if (!row.lists || response.statusCode !== 200 || (row.lists.staffSeeAll && isServiceStaff(actor)))
          return [];
        const failures: string[] = [];
        const others = (['A', 'B'] as const)
          .filter((o) => actor !== `customer${o}`)
          .map((o) => row.lists!.idOf(world[o]));
        const listed = row.lists.listed(response.json());
        const leaked = listed.filter((id) => others.includes(id));
        if (leaked.length) failures.push(`${name}: lists another customer's ${leaked.join(', ')}`);
        // The check sees real rows: A and B find their own.
        if (actor === 'customerA' || actor === 'customerB') {
          const own = row.lists.idOf(world[actor === 'customerA' ? 'A' : 'B']);
          if (!listed.includes(own)) failures.push(`${name}: does not list its own ${own}`);
        }
        return failures;
      };
      // The cells of a row are independent (each brings what it uses up), so they run side by side.
      const failures = (
        await Promise.all(ACTORS.flatMap((actor) => owners.map((owner) => runCell(actor, owner))))
      ).flat();
      expect(failures, `${route}\n${failures.join('\n')}`).toEqual([]);
    });
  }

  it('HEAD routes (added by Fastify for every GET) make the same decision as their GET for anonymous callers', async () => {
    const failures: string[] = [];
    for (const route of world.routes.filter((r) => r.method === 'HEAD')) {
      const row = MATRIX[`GET ${route.url}`];
      if (!row) continue;
      const options = await row.request({
        world,
        actor: 'anonymous',
        owner: 'A',
        of: world.A,
        cookie: undefined,
      });
      const response = await send(world, { ...options, method: 'HEAD' });
      const expected = expectedFor(row, 'anonymous', 'A');
      if (response.statusCode !== expected)
        failures.push(`HEAD ${route.url}: expected ${expected}, got ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  /**
   * Issue 16: the access decision comes before the input's. Each guarded row's request made invalid — a JSON body
   * no route takes and a query parameter no route declares — still gets its 401 anonymous and its 403 from a
   * caller of the wrong role (not a 400 that describes the route's schema to them), while a caller the route
   * admits gets 400 for the same request, so the request is invalid indeed.
   */
  const invalidated = (options: InjectOptions): InjectOptions => {
    const url = new URL(String(options.url), 'http://portal.invalid');
    url.searchParams.set('not-a-parameter', '1');
    const method = (options.method ?? 'GET').toUpperCase();
    const hasBody = method !== 'GET' && method !== 'HEAD';
    return {
      method: options.method ?? 'GET',
      url: `${url.pathname}${url.search}`,
      ...(hasBody ? { payload: [0] } : {}),
    };
  };
  for (const [route, row] of Object.entries(MATRIX)) {
    const refused = ACTORS.filter((actor) => {
      const expected = expectedFor(row, actor, 'A');
      return (actor === 'anonymous' && expected === 401) || (actor !== 'anonymous' && expected === 403);
    });
    if (!refused.includes('anonymous')) continue;
    const admitted = ACTORS.find((actor) => {
      const expected = expectedFor(row, actor, 'A');
      return expected >= 200 && expected < 300;
    });
    it(`${route}: refused callers with an invalid request get 401/403 before its validation`, async () => {
      const failures: string[] = [];
      const requestOf = async (actor: ActorName) =>
        invalidated(
          await row.request({
            world,
            actor,
            owner: 'A',
            of: world.A,
            cookie: actor === 'anonymous' ? undefined : world.cookies[actor],
          }),
        );
      for (const actor of refused) {
        const response = await send(world, await requestOf(actor), world.cookies[actor as SignedIn]);
        const expected = expectedFor(row, actor, 'A');
        if (response.statusCode !== expected)
          failures.push(
            `${actor}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
      }
      if (admitted) {
        const response = await send(world, await requestOf(admitted), world.cookies[admitted as SignedIn]);
        if (response.statusCode !== 400)
          failures.push(`${admitted} (admitted): expected 400, got ${response.statusCode}`);
      }
      expect(failures, `${route}\n${failures.join('\n')}`).toEqual([]);
    });
  }

  /**
   * A file or message id is checked against the request, offer or catalogue it is asked through: a caller
   * who may read their own container cannot fetch someone else's file by putting its id there, and the
   * public catalogue-file route serves catalogue images only.
   */
  const CROSS: [string, SignedIn | 'anonymous', (w: World) => string, number][] = [
    [
      "B's request, A's attachment",
      'customerB',
      (w) => `/api/service-requests/${w.B.serviceRequestId}/attachments/${w.A.attachmentId}`,
      404,
    ],
    [
      "B's request, A's chat file",
      'customerB',
      (w) => `/api/service-requests/${w.B.serviceRequestId}/attachments/${w.A.chatFileId}`,
      404,
    ],
    [
      "B's request, A's offer file",
      'customerB',
      (w) => `/api/service-requests/${w.B.serviceRequestId}/attachments/${w.A.offerAttachmentId}`,
      404,
    ],
    [
      "B's offer, A's offer file",
      'customerB',
      (w) => `/api/offer-requests/${w.B.offerRequestId}/attachments/${w.A.offerAttachmentId}`,
      404,
    ],
    [
      "B's offer, A's request attachment",
      'customerB',
      (w) => `/api/offer-requests/${w.B.offerRequestId}/attachments/${w.A.attachmentId}`,
      404,
    ],
    [
      "B's offer, B's own request attachment",
      'customerB',
      (w) => `/api/offer-requests/${w.B.offerRequestId}/attachments/${w.B.attachmentId}`,
      404,
    ],
    [
      "chat-file route, A's request attachment",
      'customerB',
      (w) => `/api/chat/files/${w.A.attachmentId}`,
      404,
    ],
    ["chat-file route, A's offer file", 'customerB', (w) => `/api/chat/files/${w.A.offerAttachmentId}`, 404],
    [
      "sales inbox, B's offer with A's offer file",
      'sales',
      (w) => `/api/staff/offer-requests/${w.B.offerRequestId}/attachments/${w.A.offerAttachmentId}`,
      404,
    ],
    [
      'sales inbox, a request attachment',
      'sales',
      (w) => `/api/staff/offer-requests/${w.A.offerRequestId}/attachments/${w.A.attachmentId}`,
      404,
    ],
    [
      "service, A's request with B's attachment",
      'service',
      (w) => `/api/service-requests/${w.A.serviceRequestId}/attachments/${w.B.attachmentId}`,
      404,
    ],
    [
      "catalogue-file route, A's request attachment",
      'anonymous',
      (w) => `/api/catalog-files/${w.A.attachmentId}`,
      404,
    ],
    ["catalogue-file route, A's chat file", 'anonymous', (w) => `/api/catalog-files/${w.A.chatFileId}`, 404],
    [
      "catalogue-file route, A's offer file",
      'anonymous',
      (w) => `/api/catalog-files/${w.A.offerAttachmentId}`,
      404,
    ],
    [
      "catalogue-file route, A's offer file as B",
      'customerB',
      (w) => `/api/catalog-files/${w.A.offerAttachmentId}`,
      404,
    ],
    [
      "B's chat page after A's message id",
      'customerB',
      (w) =>
        `/api/chat/comments?serviceRequestId=${w.B.serviceRequestId}&before=${Number(w.A.chatMessageId) + 1}`,
      200,
    ],
  ];
  /**
   * Idempotency keys are the sender's own: customer B sending with a clientId customer A already used files
   * B's own new message, request or offer (201), never answers A's stored one.
   */
  const REUSED_KEYS: [string, (w: World) => InjectOptions, (w: World, body: { id: string }) => boolean][] = [
    [
      "a chat message with A's clientId",
      (w) =>
        json('POST', '/api/chat/comment', {
          serviceRequestId: w.B.serviceRequestId,
          body: 'Inna wiadomość',
          clientId: w.A.clientIds.chatMessage,
        }),
      (w, body) => body.id !== w.A.chatMessageId,
    ],
    [
      "a service request with A's clientId",
      (w) =>
        multipartRequest('POST', '/api/service-requests/new-request', [
          ...fields({
            machineId: String(w.B.machineId),
            problemDescription: 'Nie odpala.',
            transportType: 'OWN',
            deliveryPlace: 'FARM',
            comments: '',
            clientId: w.A.clientIds.serviceRequest,
          }),
          pngFile(),
        ]),
      (w, body) => body.id !== w.A.serviceRequestId,
    ],
    [
      "an offer request with A's clientId",
      (w) => json('POST', '/api/parts/email', cart(w, w.A.clientIds.offerRequest)),
      (w, body) => body.id !== w.A.offerRequestId,
    ],
  ];
  for (const [name, request, isOwn] of REUSED_KEYS) {
    it(`idempotency key of another customer: ${name} (customerB) → 201, B's own`, async () => {
      const response = await send(world, request(world), world.cookies.customerB);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(201);
      expect(isOwn(world, response.json() as { id: string })).toBe(true);
    });
  }

  for (const [name, actor, url, expected] of CROSS) {
    it(`cross-resource: ${name} (${actor}) → ${expected}`, async () => {
      const response = await send(
        world,
        get(url(world)),
        actor === 'anonymous' ? undefined : world.cookies[actor],
      );
      expect(response.statusCode, response.body.slice(0, 200)).toBe(expected);
      // A page of B's chat never holds A's messages, whatever id it is paged from.
      if (response.statusCode === 200 && url(world).startsWith('/api/chat/comments')) {
        const ids = (response.json() as { messages: { id: string; serviceRequestId: string }[] }).messages;
        expect(ids.every((m) => m.serviceRequestId === world.B.serviceRequestId)).toBe(true);
      }
    });
  }
});
