import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTHORITIES } from '@care/contract/limits';
import type { Role } from '@care/contract/statuses';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp } from '#app/app.ts';
import { parseEnv, type Env } from '#app/config/env.ts';
import type { Database, Db } from '#app/db/client.ts';
import { catalogFiles } from '#app/db/schema/catalog-imports.ts';
import { catalogCards, catalogFolders, parts } from '#app/db/schema/catalog.ts';
import { sessions } from '#app/db/schema/sessions.ts';
import { users } from '#app/db/schema/users.ts';
import { EXAMPLE_DIR } from '#app/features/catalog-import/example-catalog.ts';
import { cookieName } from '#app/plugins/session.ts';
import { randomToken, sha256Hex } from '#app/security/tokens.ts';
import { cookieFor, insertUser, nextIp } from '#app/test/accounts.ts';
import { createTestDatabase, QUOTAS_OFF } from '#app/test/app.ts';
import { multipart, type Part, PDF, png } from '#app/test/files.ts';
import { insertElements, insertOwnedMachine, insertRequest } from '#app/test/service-requests.ts';

/**
 * The world of the authorization matrix (authorization-matrix.test.ts): the app built with an onRoute observer
 * (so the route table comes from the app itself), a small built web app (so its routes exist too), customers A
 * and B with everything a customer can own, a customer without the catalogue authority, and one user of every
 * staff role. Resources are made through the API as their owner would, so they are real rows and real files.
 */

/** Who sends a cell's request. */
export const ACTORS = [
  'anonymous',
  'customerA',
  'customerB',
  'noCatalog',
  'service',
  'sales',
  'admin',
] as const;
export type ActorName = (typeof ACTORS)[number];
export type SignedIn = Exclude<ActorName, 'anonymous'>;
/** Whose resource a cell's request names. */
export type Owner = 'A' | 'B';

/** The role of each signed-in actor; noCatalog is a customer without RIGHT_CARE_VIEW_CATALOG. */
export const ROLE_OF: Record<SignedIn, Role> = {
  customerA: 'customer',
  customerB: 'customer',
  noCatalog: 'customer',
  service: 'service',
  sales: 'sales',
  admin: 'admin',
};

/** What a customer owns; every id is one the API handed back to its owner. */
export interface Holdings {
  userId: number;
  email: string;
  cookie: string;
  machineId: number;
  serviceRequestId: string;
  attachmentId: string;
  chatMessageId: string;
  chatFileId: string;
  offerRequestId: string;
  offerAttachmentId: string;
  settingId: string;
  /** The clientIds (idempotency keys) the owner's sends carried. */
  clientIds: { serviceRequest: string; chatMessage: string; offerRequest: string };
}

export interface World {
  app: FastifyInstance;
  env: Env;
  db: Db;
  /** Every route the app registered (method and URL as Fastify has them). */
  routes: { method: string; url: string }[];
  cookies: Record<SignedIn, string>;
  userIds: Record<SignedIn, number>;
  A: Holdings;
  B: Holdings;
  catalog: { folderId: number; cardId: number; partId: number; catalogFileId: string };
  /** A file the built web app serves (under /assets/). */
  assetPath: string;
  /** Closes the app (and its database) and removes the files the world wrote. */
  close(): Promise<void>;
}

const granted = { authorities: [AUTHORITIES.viewCatalog] };

/** A request as a browser on the portal's own page sends it (Origin on state changes, its own address). */
export function send(world: World, options: InjectOptions, cookie?: string): Promise<LightMyRequestResponse> {
  const method = (options.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
  if (cookie) headers.cookie = cookie;
  if (method !== 'GET' && method !== 'HEAD') headers.origin = new URL(world.env.PUBLIC_URL).origin;
  return world.app.inject({ ...options, headers, remoteAddress: nextIp() });
}

/** Options for a multipart request. */
export function multipartRequest(method: 'POST', url: string, parts: Part[]): InjectOptions {
  const { body, contentType } = multipart(parts);
  return { method, url, payload: body, headers: { 'content-type': contentType } };
}

export const fields = (values: Record<string, string>): Part[] =>
  Object.entries(values).map(([name, value]) => ({ name, value }));

export const pngFile = (name = 'zdjecie.png'): Part => ({
  name: 'files',
  file: { filename: name, content: png([20, 120, 40]), contentType: 'image/png' },
});

/** A cart of two catalogue parts (SendOfferRequestSchema). */
export function cart(world: World, clientId: string = randomUUID()) {
  return {
    items: [
      {
        id: String(world.catalog.partId),
        name: 'Część',
        symbol: 'X',
        images: [],
        amount: 2,
      },
    ],
    note: 'Proszę o ofertę.',
    clientId,
  };
}

/** A session of the user without signing in again (for cells that end or replace the session they run in). */
export async function freshSession(world: World, userId: number): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await world.db.insert(sessions).values({
    userId,
    tokenHash: sha256Hex(token),
    idleExpiresAt: new Date(now + 30 * 60_000),
    expiresAt: new Date(now + 60 * 60_000),
  });
  return `${cookieName(world.env)}=${token}`;
}

/** Another session of the user; answers its id (the session list's cells end one). */
export async function freshSessionId(world: World, userId: number): Promise<number> {
  const now = Date.now();
  const [row] = await world.db
    .insert(sessions)
    .values({
      userId,
      tokenHash: sha256Hex(randomToken()),
      idleExpiresAt: new Date(now + 30 * 60_000),
      expiresAt: new Date(now + 60 * 60_000),
    })
    .returning({ id: sessions.id });
  return row!.id;
}

let throwaway = 0;
/**
 * A new user of the actor's kind with a session, for cells that change the account itself (password change
 * ends the user's other sessions, deactivation ends the account): the shared actors stay usable.
 */
export async function freshUser(
  world: World,
  actor: SignedIn,
): Promise<{ id: number; email: string; cookie: string }> {
  throwaway += 1;
  const email = `throwaway-${throwaway}-${actor.toLowerCase()}@example.com`;
  const id = await insertUser(world.db, { email, role: ROLE_OF[actor] });
  if (actor === 'customerA' || actor === 'customerB')
    await world.db.update(users).set(granted).where(eq(users.id, id));
  return { id, email, cookie: await freshSession(world, id) };
}

async function expectOk(response: LightMyRequestResponse, what: string): Promise<LightMyRequestResponse> {
  if (response.statusCode >= 300) throw new Error(`seeding ${what}: ${response.statusCode} ${response.body}`);
  return response;
}

/** A new service request of the owner, status N, made directly (cells that change its status use one each). */
export async function freshServiceRequest(world: World, owner: Owner): Promise<string> {
  const holder = world[owner];
  throwaway += 1;
  const id = await insertRequest(world.db, {
    code: `SR/M/${throwaway}`,
    customerId: holder.userId,
    machineId: holder.machineId,
  });
  return String(id);
}

/** A new offer request of the owner, sent through api/parts/email (status sent). */
export async function freshOfferRequest(world: World, owner: Owner): Promise<string> {
  const response = await expectOk(
    await send(world, { method: 'POST', url: '/api/parts/email', payload: cart(world) }, world[owner].cookie),
    'an offer request',
  );
  return (response.json() as { id: string }).id;
}

/** A new saved setting of the owner under `key` (the shared one under notifications.marketing; cells that remove one use their own). */
export async function freshSetting(
  world: World,
  owner: Owner,
  key = 'notifications.guarantee-end',
): Promise<string> {
  const response = await expectOk(
    await send(
      world,
      {
        method: 'POST',
        url: '/api/user/settings',
        payload: { broadValue: '', key, value: false },
      },
      world[owner].cookie,
    ),
    'a setting',
  );
  return (response.json() as { id: string }).id;
}

/** A minimal built web app: index.html, a hashed asset and a locale file, as `npm run build` leaves them. */
async function fakeWebDist(): Promise<{ dir: string; assetPath: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'care-matrix-web-'));
  await mkdir(join(dir, 'assets'));
  await mkdir(join(dir, 'locales', 'pl', 'common'), { recursive: true });
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="./assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log("portal");\n');
  await writeFile(join(dir, 'locales', 'pl', 'common', 'pl.json'), '{}\n');
  return { dir, assetPath: '/assets/index-abc123.js' };
}

async function seedCustomer(
  app: FastifyInstance,
  world: Pick<World, 'app' | 'env' | 'db' | 'catalog'>,
  email: string,
  serial: string,
): Promise<Holdings> {
  const { db } = world;
  const userId = await insertUser(db, { email });
  await db.update(users).set(granted).where(eq(users.id, userId));
  const cookie = await cookieFor(app, email);
  const machineId = await insertOwnedMachine(db, { serialNumber: serial, ownerId: userId });
  const w = world as World;
  const clientIds = { serviceRequest: randomUUID(), chatMessage: randomUUID(), offerRequest: randomUUID() };
  const created = await expectOk(
    await send(
      w,
      multipartRequest('POST', '/api/service-requests/new-request', [
        ...fields({
          machineId: String(machineId),
          problemDescription: 'Stuka bęben młócący.',
          transportType: 'COURIER',
          deliveryPlace: 'FARM',
          comments: '',
          clientId: clientIds.serviceRequest,
        }),
        pngFile(),
      ]),
      cookie,
    ),
    'a service request',
  );
  const request = created.json() as { id: string; attachments: { id: string }[] };
  const message = await expectOk(
    await send(
      w,
      {
        method: 'POST',
        url: '/api/chat/comment',
        payload: { serviceRequestId: request.id, body: 'Dzień dobry', clientId: clientIds.chatMessage },
      },
      cookie,
    ),
    'a chat message',
  );
  const chatFile = await expectOk(
    await send(
      w,
      multipartRequest('POST', '/api/chat/files', [
        ...fields({ serviceRequestId: request.id }),
        pngFile('czat.png'),
      ]),
      cookie,
    ),
    'a chat file',
  );
  const offer = await expectOk(
    await send(
      w,
      multipartRequest('POST', '/api/offer-requests/new-request', [
        ...fields({ payload: JSON.stringify(cart(w, clientIds.offerRequest)) }),
        { name: 'files', file: { filename: 'lista.pdf', content: PDF, contentType: 'application/pdf' } },
      ]),
      cookie,
    ),
    'an offer request',
  );
  const offerDetails = offer.json() as { id: string; attachments: { id: string }[] };
  const holdings: Holdings = {
    userId,
    email,
    cookie,
    machineId,
    serviceRequestId: request.id,
    attachmentId: request.attachments[0]!.id,
    chatMessageId: (message.json() as { id: string }).id,
    chatFileId: (chatFile.json() as { file: { id: string } }).file.id,
    offerRequestId: offerDetails.id,
    offerAttachmentId: offerDetails.attachments[0]!.id,
    settingId: '',
    clientIds,
  };
  return holdings;
}

/** The example catalogue (docs/examples/catalog) as the admin's import form sends it. */
export async function exampleCatalogParts(): Promise<Part[]> {
  const file = async (name: string, path: string): Promise<Part> => ({
    name,
    file: { filename: path.split('/').pop()!, content: await readFile(join(EXAMPLE_DIR, path)) },
  });
  return [
    await file('document', 'catalog.json'),
    await file('parts', 'parts.csv'),
    await file('file', 'drawings/lift-cylinder.svg'),
    await file('file', 'images/loaders.png'),
    await file('file', 'images/cylinder.png'),
  ];
}

/** Builds the app and seeds the world; `close()` it afterwards. */
export async function buildWorld(): Promise<World> {
  const dataDir = await mkdtemp(join(tmpdir(), 'care-matrix-data-'));
  const web = await fakeWebDist();
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: web.dir,
    // Customers hold the catalogue authority only where granted, so one of them can be without it.
    CUSTOMER_AUTHORITIES: ',',
    // Hundreds of calls as a handful of users within a minute: the matrix is about access, not quotas.
    ...QUOTAS_OFF,
    // Single sign-on's routes exist only when it is configured; a provider nobody answers at is enough here
    // (both steps answer with a redirect to the sign-in page; features/sso/sso.test.ts runs a real one).
    OIDC_ISSUER_URL: 'http://127.0.0.1:9',
    OIDC_CLIENT_ID: 'care-portal',
    OIDC_CLIENT_SECRET: 'matrix',
    OIDC_ROLE_GROUPS: 'service=care-service',
  });
  const database: Database = await createTestDatabase();
  const routes: { method: string; url: string }[] = [];
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  };
  const app = await buildApp({ env, database, onRoute });
  await app.ready();
  const db = database.db;
  await insertElements(db);

  const ids = {} as Record<SignedIn, number>;
  const cookies = {} as Record<SignedIn, string>;
  const close = async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(web.dir, { recursive: true, force: true });
  };
  const partial = { app, env, db, routes, assetPath: web.assetPath, close } as unknown as World;

  // Staff first: the admin imports the example catalogue (real parts for carts, a real catalogue image).
  for (const actor of ['service', 'sales', 'admin', 'noCatalog'] as const) {
    const email = `${actor.toLowerCase()}@example.com`;
    ids[actor] = await insertUser(db, { email, role: ROLE_OF[actor] });
    cookies[actor] = await cookieFor(app, email);
  }
  await expectOk(
    await send(
      partial,
      multipartRequest('POST', '/api/admin/catalog-imports', await exampleCatalogParts()),
      cookies.admin,
    ),
    'the catalogue import',
  );
  const [folder] = await db
    .select({ id: catalogFolders.id })
    .from(catalogFolders)
    .orderBy(asc(catalogFolders.id))
    .limit(1);
  const [card] = await db
    .select({ id: catalogCards.id })
    .from(catalogCards)
    .orderBy(asc(catalogCards.id))
    .limit(1);
  const [part] = await db.select({ id: parts.id }).from(parts).orderBy(asc(parts.id)).limit(1);
  const [image] = await db.select({ id: catalogFiles.fileId }).from(catalogFiles).limit(1);
  if (!folder || !card || !part || !image) throw new Error('the example catalogue did not import');
  partial.catalog = { folderId: folder.id, cardId: card.id, partId: part.id, catalogFileId: image.id };

  const A = await seedCustomer(app, partial, 'customer-a@example.com', 'AM-A-1');
  const B = await seedCustomer(app, partial, 'customer-b@example.com', 'AM-B-1');
  ids.customerA = A.userId;
  ids.customerB = B.userId;
  cookies.customerA = A.cookie;
  cookies.customerB = B.cookie;
  const world: World = { ...partial, cookies, userIds: ids, A, B };
  // Service answers in both chats, so each customer has an unread message of their own.
  for (const holder of [A, B])
    await expectOk(
      await send(
        world,
        {
          method: 'POST',
          url: '/api/chat/comment',
          payload: {
            serviceRequestId: holder.serviceRequestId,
            body: 'Odpowiedź serwisu',
            clientId: randomUUID(),
          },
        },
        cookies.service,
      ),
      'a reply of service',
    );
  A.settingId = await freshSetting(world, 'A', 'notifications.marketing');
  B.settingId = await freshSetting(world, 'B', 'notifications.marketing');
  return world;
}
