/**
 * npm run security-scan — sqlmap and wapiti (Debian packages) against a local portal with demo sessions.
 *
 * Starts the real server (apps/server/src/server.ts) in production mode on loopback, PGlite in a fresh temporary
 * DATA_DIR, demo data seeded, RATE_LIMIT_IP_FACTOR=1000 (every scanner request comes from 127.0.0.1; without it
 * the per-IP limits answer 429 and the scan proves nothing; the per-account sign-in limit is not raised). Signs in
 * as the demo customer and as the demo admin (staff), then
 *  - sqlmap: every API operation that takes parameters (query, path ids, JSON and multipart bodies), with the
 *    session cookie, `Origin` and a JSON content type so the requests pass the cross-site guard (plugins/security.ts);
 *  - wapiti: the site and every parameterised GET of the API, with the customer's cookie;
 * and checks in the server log which answers the scanners got (a scan answered 403/415 by the guard proves nothing).
 * Raw output: bench/results/security-scan/ (gitignored); summary.md and summary.json there.
 * Exits 1 when sqlmap finds an injection, wapiti a finding of medium or high severity, or a target's baseline
 * request does not reach its handler.
 *
 * Environment: SCAN_PORT (3300), SCAN_SQLMAP_LEVEL (2), SCAN_SQLMAP_RISK (1), SCAN_SQLMAP_TARGET_SECONDS (180,
 * per operation), SCAN_WAPITI_SECONDS (900, whole wapiti run), SCAN_WAPITI_ATTACK_SECONDS (120, per module),
 * SCAN_ONLY=sqlmap|wapiti to run one scanner, SCAN_TARGETS=<regular expression> to run only the sqlmap targets it matches.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot, resultsDir } from '../support/config.ts';

const port = Number(process.env.SCAN_PORT ?? 3300);
const base = `http://127.0.0.1:${port}`;
const outDir = resolve(resultsDir, 'security-scan');
const sqlmapLevel = process.env.SCAN_SQLMAP_LEVEL ?? '2';
const sqlmapRisk = process.env.SCAN_SQLMAP_RISK ?? '1';
const targetSeconds = Number(process.env.SCAN_SQLMAP_TARGET_SECONDS ?? 180);
const wapitiSeconds = Number(process.env.SCAN_WAPITI_SECONDS ?? 900);
const wapitiAttackSeconds = Number(process.env.SCAN_WAPITI_ATTACK_SECONDS ?? 120);
const only = process.env.SCAN_ONLY;
/** A regular expression: only the sqlmap targets whose name matches (e.g. SCAN_TARGETS='DELETE|withdrawal'). */
const targetFilter = process.env.SCAN_TARGETS ? new RegExp(process.env.SCAN_TARGETS, 'i') : undefined;
const DEMO_PASSWORD = 'Zniwa-2026-demo';
const WRONG_PASSWORD = 'Wrong-scan-pass-2026';
const COOKIE = '__Host-care_session';

/** `other` is the second demo customer: the password-change target uses it, so the per-user limit on password
 * checks (10 in 15 minutes) spent by that target does not answer the deactivation target 429. */
type Who = 'customer' | 'other' | 'staff' | 'anonymous';

interface Target {
  name: string;
  who: Who;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query; `*` marks a custom injection point (a path id), removed for the baseline request. */
  path: string;
  json?: unknown;
  /** Multipart fields (text only); `*` inside a value marks an injection point. */
  form?: Record<string, string>;
  /** Baseline statuses that show the request reached the handler (default 200–204). */
  expect?: number[];
  /** Test the session cookie too (once is enough: every API request reads it the same way). */
  cookie?: boolean;
}

interface SqlmapResult {
  name: string;
  baseline: number;
  reached: boolean;
  seconds: number;
  timedOut: boolean;
  injectable: string[];
  /** Suspected by a first test and refuted by sqlmap's own false-positive check. */
  refuted: string[];
  tested: string[];
  notInjectable: number;
  httpCodes: string;
}

function main(): Promise<number> {
  return scan().catch((error: unknown) => {
    console.error(error);
    return 2;
  });
}

async function scan(): Promise<number> {
  ensureTools();
  if (!existsSync(resolve(repoRoot, 'apps/web/dist/index.html'))) run('npm', ['run', 'build']);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const dataDir = mkdtempSync(resolve(tmpdir(), 'care-security-scan-'));
  const logPath = resolve(outDir, 'server.log');
  const server = await startServer(dataDir, logPath);
  const started = Date.now();
  try {
    const customer = await signIn('jan.kowalski@example.com');
    const other = await signIn('anna.schmidt@example.com');
    const staff = await signIn('admin@agromech.example');
    const cookieFlags = checkCookie(customer.setCookie);
    const cookies: Record<Who, string | undefined> = {
      customer: customer.cookie,
      other: other.cookie,
      staff: staff.cookie,
      anonymous: undefined,
    };
    const targets = await buildTargets(cookies);

    const marks: Record<string, number> = { start: logLines(logPath) };
    const sqlmap: SqlmapResult[] = [];
    if (only !== 'wapiti') {
      for (const target of targets) {
        if (!targetFilter || targetFilter.test(target.name)) sqlmap.push(await runSqlmap(target, cookies));
      }
    }
    marks.sqlmapEnd = logLines(logPath);
    const wapiti = only === 'sqlmap' ? undefined : await runWapiti(targets, customer.cookie);
    marks.wapitiEnd = logLines(logPath);

    const log = readLog(logPath);
    const answers = {
      sqlmap: statusCounts(log.slice(marks.start, marks.sqlmapEnd)),
      wapiti: statusCounts(log.slice(marks.sqlmapEnd, marks.wapitiEnd)),
    };
    const summary = { minutes: (Date.now() - started) / 60000, cookieFlags, sqlmap, wapiti, answers };
    writeFileSync(resolve(outDir, 'summary.json'), JSON.stringify(summary, null, 2));
    const { text, failed } = describe(summary);
    writeFileSync(resolve(outDir, 'summary.md'), text);
    console.log(text);
    return failed ? 1 : 0;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// tools, server, sessions

function ensureTools(): void {
  const missing = ['sqlmap', 'wapiti'].filter((tool) => spawnSync('which', [tool]).status !== 0);
  if (missing.length === 0) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  console.log(`Installing ${missing.join(', ')} (Debian packages)…`);
  run(sudo[0] ?? 'apt-get', [
    ...sudo.slice(1),
    ...(sudo.length ? ['apt-get'] : []),
    'install',
    '-y',
    ...missing,
  ]);
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

async function startServer(dataDir: string, logPath: string): Promise<{ stop(): Promise<void> }> {
  const log = openSync(logPath, 'w');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'true',
    RATE_LIMIT_IP_FACTOR: '1000',
    // The scanners start from the OpenAPI document, off by default in production.
    API_DOCS: 'true',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const child: ChildProcess = spawn(
    resolve(repoRoot, 'node_modules/.bin/node'),
    ['--disable-warning=ExperimentalWarning', resolve(repoRoot, 'apps/server/src/server.ts')],
    { cwd: repoRoot, stdio: ['ignore', log, log], env },
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode}, see ${logPath}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not become ready within 120 s');
    }
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  return {
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function signIn(email: string): Promise<{ cookie: string; setCookie: string }> {
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD, remember: false }),
  });
  const setCookie = response.headers.get('set-cookie') ?? '';
  const cookie = /^[^;]+/.exec(setCookie)?.[0];
  if (response.status !== 200 || !cookie?.startsWith(`${COOKIE}=`)) {
    throw new Error(`sign-in as ${email} answered ${response.status} ${setCookie}`);
  }
  return { cookie, setCookie };
}

/** What wapiti's cookieflags module would check, on the real Set-Cookie (wapiti cannot see it: see docs/security.md). */
function checkCookie(setCookie: string): { setCookie: string; problems: string[] } {
  const attributes = setCookie.split(';').map((part) => part.trim().toLowerCase());
  const problems: string[] = [];
  if (!attributes.includes('httponly')) problems.push('HttpOnly missing');
  if (!attributes.includes('secure')) problems.push('Secure missing');
  if (!attributes.includes('samesite=lax') && !attributes.includes('samesite=strict'))
    problems.push('SameSite missing');
  if (!attributes.includes('path=/')) problems.push('Path=/ missing');
  if (attributes.some((a) => a.startsWith('domain='))) problems.push('Domain set (breaks __Host-)');
  return { setCookie: setCookie.replace(/=[^;]+/, '=…'), problems };
}

async function api<T>(cookie: string | undefined, path: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

// ---------------------------------------------------------------------------------------------------------------
// targets

type Item = { id: string };

/** The first element of a list the demo data always fills. */
function first<T>(list: T[]): T {
  const item = list[0];
  if (item === undefined) throw new Error('the demo data has an empty list where the scan needs an example');
  return item;
}

async function buildTargets(cookies: Record<Who, string | undefined>): Promise<Target[]> {
  const c = cookies.customer;
  const s = cookies.staff;
  const machines = await api<{ items: Item[] }>(c, '/api/end-products/user-owned');
  const requests = await api<{ items: Item[] }>(c, '/api/service-requests/user-owned');
  const offers = await api<{ items: Item[] }>(c, '/api/offer-requests/user-owned');
  const offer = await api<{ items: { partId: string; symbol: string }[] }>(
    c,
    `/api/offer-requests/${first(offers.items).id}`,
  );
  const settings = await api<(Item & { key: string })[]>(c, '/api/user/settings?broadValue=');
  const details = await api<Record<string, unknown>>(c, '/api/user/details');
  const address = await api<Record<string, unknown>>(c, '/api/user/address');
  const comments = await api<{ messages: Item[] }>(
    c,
    `/api/chat/comments?serviceRequestId=${first(requests.items).id}&limit=5`,
  );
  const elements = await api<{ transportTypes: { code: string }[]; deliveryPlaces: { code: string }[] }>(
    c,
    '/api/service-requests/elements',
  );
  const staffRequests = await api<{ items: Item[] }>(s, '/api/staff/service-requests');
  const staffOffers = await api<{ items: Item[] }>(s, '/api/staff/offer-requests');
  const folders = await api<Item[]>(c, '/api/catalog-folders');
  const subfolders = await api<Item[]>(c, `/api/catalog-folders?parentId=${first(folders).id}`);
  const cards = await api<Item[]>(c, `/api/catalog-cards?folderId=${first(subfolders).id}`);

  const machineId = first(machines.items).id;
  const requestId = first(requests.items).id;
  const offerId = first(offers.items).id;
  const part = first(offer.items);
  const word = part.symbol.slice(0, 7);
  const marketing = settings.find((setting) => setting.key === 'notifications.marketing') ?? first(settings);
  const messageId = comments.messages[0]?.id ?? '1';
  const staffRequestId = first(staffRequests.items).id;
  const staffOfferId = first(staffOffers.items).id;
  const folderId = first(subfolders).id;
  const cardId = first(cards).id;
  const unknownFile = '00000000-0000-4000-8000-000000000000';
  const email = `scan.${Date.now()}@example.com`;
  const table = {
    columnVisibility: { dealer: false },
    columnSizing: {},
    sorting: [],
    columnOrder: [],
    filters: [],
  };
  const notFound = [404];

  return [
    // anonymous: sign-in, registration, password reset
    {
      name: 'auth/login (unknown account)',
      who: 'anonymous',
      method: 'POST',
      path: '/auth/login',
      json: { username: 'nobody.scan@example.com', password: WRONG_PASSWORD, remember: false },
      expect: [401],
    },
    {
      name: 'auth/registration',
      who: 'anonymous',
      method: 'POST',
      path: '/auth/registration',
      json: {
        personFirstName: 'Skan',
        personLastName: 'Testowy',
        email,
        username: email,
        phone: '600 100 200',
        peselOrNip: '',
        machineNumber: 'AM-2025-004711',
        password: 'Zielone-pole-2026',
        countryCode: '',
        zipCode: '',
        currencyCode: '',
        captchaResponse: '',
        rulesAgreementChecked: true,
        marketingAgreementChecked: false,
      },
      expect: [200, 201, 202],
    },
    {
      name: 'auth/registrationB2C',
      who: 'anonymous',
      method: 'POST',
      path: '/auth/registrationB2C',
      json: {
        email: `b2c.${email}`,
        username: `b2c.${email}`,
        password: 'Sklep-konto-2026',
        machineNumber: 'AM-2025-004712',
        captchaResponse: '',
        rulesAgreementChecked: true,
        marketingAgreementChecked: false,
        personFirstName: '',
        personLastName: '',
        phone: '',
        peselOrNip: '',
      },
      expect: [200, 201, 202, 400, 404, 409],
    },
    {
      name: 'auth/registration/confirmation (unknown link)',
      who: 'anonymous',
      method: 'POST',
      path: '/auth/registration/confirmation',
      json: { id: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', username: 'jan.kowalski@example.com' },
      expect: [400, 404, 410],
    },
    {
      name: 'auth/password-reset',
      who: 'anonymous',
      method: 'POST',
      path: '/auth/password-reset',
      json: { email: 'anna.schmidt@example.com', captchaResponse: '' },
      expect: [202],
    },
    {
      name: 'auth/password-reset/confirmation (unknown link)',
      who: 'anonymous',
      method: 'POST',
      path: '/auth/password-reset/confirmation',
      json: { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', password: 'Nowe-haslo-2026' },
      expect: [400, 404, 410],
    },
    // the customer's own data
    {
      name: 'user/details (session cookie)',
      who: 'customer',
      method: 'GET',
      path: '/api/user/details',
      cookie: true,
    },
    { name: 'PUT user/details', who: 'customer', method: 'PUT', path: '/api/user/details', json: details },
    { name: 'PUT user/address', who: 'customer', method: 'PUT', path: '/api/user/address', json: address },
    {
      name: 'PUT user/password (wrong old password)',
      who: 'other',
      method: 'PUT',
      path: '/api/user/password',
      json: { oldPassword: WRONG_PASSWORD, newPassword: 'Scan-nowe-haslo-2026' },
      expect: [400],
    },
    {
      name: 'user/deactivation (wrong password)',
      who: 'customer',
      method: 'POST',
      path: '/api/user/deactivation',
      json: { password: WRONG_PASSWORD },
      expect: [400],
    },
    {
      name: 'GET user/settings',
      who: 'customer',
      method: 'GET',
      path: '/api/user/settings?broadValue=machines',
    },
    {
      name: 'POST user/settings',
      who: 'customer',
      method: 'POST',
      path: '/api/user/settings',
      json: { broadValue: 'scan', key: 'table.machines', value: table },
      expect: [200, 201],
    },
    {
      name: 'PUT user/settings/{id} (body)',
      who: 'customer',
      method: 'PUT',
      path: `/api/user/settings/${marketing.id}`,
      json: { value: true },
    },
    {
      name: 'PUT user/settings/{id} (id)',
      who: 'customer',
      method: 'PUT',
      path: `/api/user/settings/${marketing.id}*`,
      json: { value: true },
    },
    {
      name: 'DELETE user/settings?broadValue&key',
      who: 'customer',
      method: 'DELETE',
      // Without a body sqlmap moves the query of a DELETE into a form body (refused 415 by the guard): an empty
      // JSON body keeps the parameters in the URL.
      path: '/api/user/settings?broadValue=scan&key=table.machines',
      json: {},
    },
    {
      name: 'GET end-products/user-owned',
      who: 'customer',
      method: 'GET',
      path: `/api/end-products/user-owned?page=1&pageSize=20&sort=name&order=asc&q=Agro&status=I`,
    },
    {
      name: 'GET end-products/{id}',
      who: 'customer',
      method: 'GET',
      path: `/api/end-products/${machineId}*`,
    },
    {
      name: 'GET service-requests/user-owned',
      who: 'customer',
      method: 'GET',
      path: `/api/service-requests/user-owned?page=1&pageSize=20&sort=code&order=asc&q=SR&status=N&machineId=${machineId}`,
    },
    {
      name: 'GET service-requests/{id}',
      who: 'customer',
      method: 'GET',
      path: `/api/service-requests/${requestId}*`,
    },
    {
      name: 'GET service-requests/{id}/attachments/{fileId}',
      who: 'customer',
      method: 'GET',
      path: `/api/service-requests/${requestId}*/attachments/${unknownFile}*`,
      expect: notFound,
    },
    {
      name: 'POST service-requests/new-request (multipart)',
      who: 'customer',
      method: 'POST',
      path: '/api/service-requests/new-request',
      form: {
        machineId,
        problemDescription: 'Skan bezpieczeństwa: opis usterki',
        transportType: first(elements.transportTypes).code,
        deliveryPlace: first(elements.deliveryPlaces).code,
        comments: 'uwagi',
      },
      expect: [200, 201],
    },
    {
      name: 'POST service-requests/{id}/withdrawal',
      who: 'customer',
      method: 'POST',
      path: `/api/service-requests/${requestId}*/withdrawal`,
      json: {},
      expect: [200, 204, 400, 409],
    },
    {
      name: 'GET chat/comments',
      who: 'customer',
      method: 'GET',
      path: `/api/chat/comments?serviceRequestId=${requestId}&before=${messageId}&limit=10`,
    },
    {
      name: 'GET chat/comments (after)',
      who: 'customer',
      method: 'GET',
      path: `/api/chat/comments?serviceRequestId=${requestId}&after=${messageId}&limit=10`,
    },
    {
      name: 'POST chat/comment',
      who: 'customer',
      method: 'POST',
      path: '/api/chat/comment',
      json: { serviceRequestId: requestId, body: 'Skan: wiadomość', clientId: crypto.randomUUID() },
      expect: [200, 201],
    },
    {
      name: 'PUT chat/comments/read',
      who: 'customer',
      method: 'PUT',
      path: '/api/chat/comments/read',
      json: { serviceRequestId: requestId, lastReadMessageId: messageId },
    },
    {
      name: 'GET chat/files',
      who: 'customer',
      method: 'GET',
      path: `/api/chat/files?serviceRequestId=${requestId}&before=${messageId}&limit=10`,
    },
    {
      name: 'GET chat/files/{fileId}',
      who: 'customer',
      method: 'GET',
      path: `/api/chat/files/${unknownFile}*`,
      expect: notFound,
    },
    {
      name: 'POST parts/email (cart)',
      who: 'customer',
      method: 'POST',
      path: '/api/parts/email',
      json: {
        items: [{ id: part.partId, name: 'Część', symbol: part.symbol, images: [], amount: 2 }],
        note: 'Skan: uwagi do zamówienia',
        clientId: crypto.randomUUID(),
      },
      expect: [200, 201, 202],
    },
    {
      name: 'POST offer-requests/new-request (multipart payload)',
      who: 'customer',
      method: 'POST',
      path: '/api/offer-requests/new-request',
      form: {
        payload: JSON.stringify({
          items: [{ id: part.partId, name: 'Część', symbol: `${part.symbol}*`, images: [], amount: 1 }],
          note: 'Skan: oferta*',
        }),
      },
      expect: [200, 201, 202],
    },
    {
      name: 'GET offer-requests/user-owned',
      who: 'customer',
      method: 'GET',
      path: '/api/offer-requests/user-owned?page=1&pageSize=20&status=sent',
    },
    {
      name: 'GET offer-requests/{id}',
      who: 'customer',
      method: 'GET',
      path: `/api/offer-requests/${offerId}*`,
    },
    {
      name: 'GET offer-requests/{id}/attachments/{fileId}',
      who: 'customer',
      method: 'GET',
      path: `/api/offer-requests/${offerId}*/attachments/${unknownFile}*`,
      expect: notFound,
    },
    // catalogue
    {
      name: 'GET catalog-folders',
      who: 'customer',
      method: 'GET',
      path: `/api/catalog-folders?parentId=${first(folders).id}`,
    },
    {
      name: 'GET catalog-cards',
      who: 'customer',
      method: 'GET',
      path: `/api/catalog-cards?folderId=${folderId}`,
    },
    { name: 'GET catalog-cards/{id}', who: 'customer', method: 'GET', path: `/api/catalog-cards/${cardId}*` },
    {
      name: 'GET catalog-cards/{id}/drawing',
      who: 'customer',
      method: 'GET',
      path: `/api/catalog-cards/${cardId}*/drawing`,
      expect: [200, 404],
    },
    {
      name: 'GET parts (search)',
      who: 'customer',
      method: 'GET',
      path: `/api/parts?q=${word}&page=1&pageSize=20`,
    },
    { name: 'GET parts/count', who: 'customer', method: 'GET', path: `/api/parts/count?q=${word}` },
    { name: 'GET parts/hints', who: 'customer', method: 'GET', path: `/api/parts/hints?q=${word}` },
    {
      name: 'GET parts/paths',
      who: 'customer',
      method: 'GET',
      path: `/api/parts/paths?partId=${part.partId}`,
    },
    {
      name: 'GET parts/breadcrumbs (card)',
      who: 'customer',
      method: 'GET',
      path: `/api/parts/breadcrumbs?cardId=${cardId}`,
    },
    {
      name: 'GET parts/breadcrumbs (folder)',
      who: 'customer',
      method: 'GET',
      path: `/api/parts/breadcrumbs?folderId=${folderId}`,
    },
    { name: 'GET parts/{id}', who: 'customer', method: 'GET', path: `/api/parts/${part.partId}*` },
    {
      name: 'GET catalog-files/{id}',
      who: 'customer',
      method: 'GET',
      path: `/api/catalog-files/${unknownFile}*`,
      expect: [400, 404],
    },
    // staff
    {
      name: 'GET staff/service-requests',
      who: 'staff',
      method: 'GET',
      path: '/api/staff/service-requests?page=1&pageSize=20&sort=reportDate&order=asc&status=N&reportedFrom=2020-01-01&reportedTo=2030-12-31&machine=Agro&customer=Kowal&unread=0',
    },
    {
      name: 'GET staff/service-requests/{id}',
      who: 'staff',
      method: 'GET',
      path: `/api/staff/service-requests/${staffRequestId}*`,
    },
    {
      name: 'PATCH staff/service-requests/{id}',
      who: 'staff',
      method: 'PATCH',
      path: `/api/staff/service-requests/${staffRequestId}`,
      json: {
        estimatedCompletionDate: '2030-05-01',
        serviceOpinion: 'Skan: opinia serwisu',
        additionalParts: 'Skan: części',
      },
    },
    {
      name: 'POST staff/service-requests/{id}/status',
      who: 'staff',
      method: 'POST',
      path: `/api/staff/service-requests/${staffRequestId}/status`,
      json: { status: 'C', note: 'Skan: notatka' },
      expect: [200, 400, 409],
    },
    {
      name: 'GET staff/offer-requests',
      who: 'staff',
      method: 'GET',
      path: '/api/staff/offer-requests?page=1&pageSize=20&status=sent',
    },
    {
      name: 'GET staff/offer-requests/{id}',
      who: 'staff',
      method: 'GET',
      path: `/api/staff/offer-requests/${staffOfferId}*`,
    },
    {
      name: 'POST staff/offer-requests/{id}/status',
      who: 'staff',
      method: 'POST',
      path: `/api/staff/offer-requests/${staffOfferId}/status`,
      json: { status: 'in_progress' },
      expect: [200, 400, 409],
    },
    {
      name: 'GET staff/offer-requests/{id}/attachments/{fileId}',
      who: 'staff',
      method: 'GET',
      path: `/api/staff/offer-requests/${staffOfferId}*/attachments/${unknownFile}*`,
      expect: notFound,
    },
    // last: removes a row the targets above use
    {
      name: 'DELETE user/settings/{id}',
      who: 'customer',
      method: 'DELETE',
      path: `/api/user/settings/${marketing.id}*`,
      json: {},
      expect: [200, 204, 404],
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// sqlmap

const BOUNDARY = '----CarePortalSecurityScan';

function bodyOf(target: Target, keepMarks: boolean): { type?: string; text?: string } {
  const strip = (text: string) => (keepMarks ? text : text.replaceAll('*', ''));
  if (target.json !== undefined) return { type: 'application/json', text: JSON.stringify(target.json) };
  if (target.form) {
    const parts = Object.entries(target.form).map(
      ([name, value]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${strip(value)}\r\n`,
    );
    return {
      type: `multipart/form-data; boundary=${BOUNDARY}`,
      text: `${parts.join('')}--${BOUNDARY}--\r\n`,
    };
  }
  return {};
}

function headersOf(target: Target, cookies: Record<Who, string | undefined>): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', Origin: base };
  const cookie = cookies[target.who];
  if (cookie) headers.Cookie = cookie;
  const body = bodyOf(target, false);
  if (body.type) headers['Content-Type'] = body.type;
  return headers;
}

async function runSqlmap(target: Target, cookies: Record<Who, string | undefined>): Promise<SqlmapResult> {
  const slug = target.name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  const dir = resolve(outDir, 'sqlmap', slug);
  mkdirSync(dir, { recursive: true });

  const headers = headersOf(target, cookies);
  const baselineBody = bodyOf(target, false).text;
  const baseline = await fetch(`${base}${target.path.replaceAll('*', '')}`, {
    method: target.method,
    headers,
    body: baselineBody,
  });
  await baseline.arrayBuffer();
  const reached = (target.expect ?? [200, 201, 204]).includes(baseline.status);

  const body = bodyOf(target, true).text ?? '';
  const lines = [`${target.method} ${target.path} HTTP/1.1`, `Host: 127.0.0.1:${port}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  writeFileSync(resolve(dir, 'request.txt'), `${lines.join('\r\n')}\r\n\r\n${body}`);

  const args = [
    '-r',
    resolve(dir, 'request.txt'),
    '--batch',
    '--ignore-stdin',
    '--flush-session',
    '--dbms=PostgreSQL',
    `--level=${sqlmapLevel}`,
    `--risk=${sqlmapRisk}`,
    '--time-sec=2',
    '--ignore-code=401',
    // A target whose baseline is 404 (an unknown file id) is still worth the payloads: do not stop at the 404.
    '--answers=make sure=N',
    `--output-dir=${resolve(dir, 'out')}`,
    '--disable-coloring',
  ];
  if (target.cookie) args.push(`-p`, COOKIE);
  else args.push(`--skip=${COOKIE}`);
  const startedAt = Date.now();
  const { output, timedOut } = await runTimed('sqlmap', args, targetSeconds * 1000);
  writeFileSync(resolve(dir, 'sqlmap.log'), output);
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  // A point sqlmap first suspects and then refutes itself ("false positive or unexploitable") is not a finding;
  // it is kept as a refuted candidate for the summary.
  const candidates = [
    ...output.matchAll(/((?:\(custom\) )?\S+ parameter '[^']+') (?:is|appears to be) '[^']+' injectable/g),
  ].map((m) => m[1] ?? '');
  const refuted = [
    ...new Set(
      [...output.matchAll(/((?:\(custom\) )?\S+ parameter '[^']+') does not seem to be injectable/g)].map(
        (m) => m[1] ?? '',
      ),
    ),
  ].filter((point) => candidates.includes(point));
  const injectable = [...new Set(candidates)].filter((point) => !refuted.includes(point));
  if (/identified the following injection point/.test(output) && injectable.length === 0) {
    injectable.push('see sqlmap.log');
  }
  const tested = [
    ...new Set(
      [...output.matchAll(/testing for SQL injection on ((?:\(custom\) )?\S+ parameter '[^']+')/g)].map(
        (m) => m[1] ?? '',
      ),
    ),
  ];
  const notInjectable = [...output.matchAll(/does not seem to be injectable/g)].length;
  const httpCodes =
    /HTTP error codes detected during run:\n([^[]+)/.exec(output)?.[1]?.trim().replace(/\n/g, '; ') ?? '';
  const result = {
    name: target.name,
    baseline: baseline.status,
    reached,
    seconds,
    timedOut,
    injectable,
    refuted,
    tested,
    notInjectable,
    httpCodes,
  };
  console.log(
    `sqlmap ${target.name}: baseline ${baseline.status}${reached ? '' : ' (NOT the expected status)'}, ` +
      `${tested.length} parameters tested, ${injectable.length} injectable, ${seconds} s${timedOut ? ' (time limit)' : ''}`,
  );
  return result;
}

function runTimed(
  command: string,
  args: string[],
  ms: number,
): Promise<{ output: string; timedOut: boolean; code: number | null }> {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    }, ms);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ output, timedOut, code });
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// wapiti

const WAPITI_MODULES = [
  'sql',
  'blindsql',
  'xss',
  'permanentxss',
  'exec',
  'file',
  'redirect',
  'crlf',
  'ssrf',
  'csrf',
  'xxe',
  'http_headers',
  'csp',
  'cookieflags',
  'methods',
  'backup',
];

interface WapitiFinding {
  level: number | string;
  method: string;
  path: string;
  parameter?: string;
  info: string;
}

interface WapitiResult {
  seconds: number;
  timedOut: boolean;
  /** wapiti's exit code, and whether it wrote its report (a crash writes none: the scan then failed). */
  code: number | null;
  reported: boolean;
  vulnerabilities: Record<string, WapitiFinding[]>;
  anomalies: Record<string, WapitiFinding[]>;
  additionals: Record<string, WapitiFinding[]>;
  crawled: number;
}

async function runWapiti(targets: Target[], cookie: string): Promise<WapitiResult> {
  const dir = resolve(outDir, 'wapiti');
  mkdirSync(dir, { recursive: true });
  const starts = targets
    .filter((t) => t.method === 'GET' && t.who !== 'staff' && t.path.includes('?'))
    .map((t) => `${base}${t.path.replaceAll('*', '')}`);
  starts.push(`${base}/home`, `${base}/catalog`, `${base}/api/user/details`, `${base}/api/docs/json`);
  const args = [
    '-u',
    `${base}/`,
    '--scope',
    'folder',
    ...starts.flatMap((url) => ['-s', url]),
    // No -x: wapiti 3.0.4's exclusion patterns fail on Python 3.11 (re.error); the event stream is simply cut by
    // wapiti's request timeout, and sign-out is a POST the crawler never sends.
    '-m',
    WAPITI_MODULES.join(','),
    '-H',
    `Cookie: ${cookie}`,
    '-H',
    `Origin: ${base}`,
    '-d',
    '3',
    '--max-scan-time',
    String(wapitiSeconds),
    '--max-attack-time',
    String(wapitiAttackSeconds),
    '--flush-session',
    '--store-session',
    resolve(dir, 'session'),
    '--store-config',
    resolve(dir, 'config'),
    '-f',
    'json',
    '-o',
    resolve(dir, 'report.json'),
    '-v',
    '1',
    '--no-bugreport',
  ];
  const startedAt = Date.now();
  const { output, timedOut, code } = await runTimed('wapiti', args, (wapitiSeconds + 20 * 60) * 1000);
  writeFileSync(resolve(dir, 'wapiti.log'), output);
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  const reported = existsSync(resolve(dir, 'report.json'));
  const report = reported
    ? (JSON.parse(readFileSync(resolve(dir, 'report.json'), 'utf8')) as {
        vulnerabilities: Record<string, WapitiFinding[]>;
        anomalies: Record<string, WapitiFinding[]>;
        additionals: Record<string, WapitiFinding[]>;
      })
    : { vulnerabilities: {}, anomalies: {}, additionals: {} };
  const nonEmpty = <T>(record: Record<string, T[]>) =>
    Object.fromEntries(Object.entries(record ?? {}).filter(([, list]) => list.length > 0));
  const crawled = [...output.matchAll(/^\[\+\] (GET|POST) /gm)].length;
  console.log(`wapiti: ${seconds} s${timedOut ? ' (time limit)' : ''}`);
  return {
    seconds,
    timedOut,
    code,
    reported,
    vulnerabilities: nonEmpty(report.vulnerabilities),
    anomalies: nonEmpty(report.anomalies),
    additionals: nonEmpty(report.additionals),
    crawled,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// server log and summary

interface LogLine {
  reqId?: string;
  msg?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

function logLines(path: string): number {
  return readFileSync(path, 'utf8').split('\n').length - 1;
}

function readLog(path: string): LogLine[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        return {};
      }
    });
}

/** Status codes the server answered, overall and for the guard's refusals per method. */
function statusCounts(lines: LogLine[]): { total: number; byStatus: Record<string, number>; guard: number } {
  const byStatus: Record<string, number> = {};
  let total = 0;
  for (const line of lines) {
    if (line.res?.statusCode === undefined) continue;
    total++;
    byStatus[line.res.statusCode] = (byStatus[line.res.statusCode] ?? 0) + 1;
  }
  return { total, byStatus, guard: (byStatus['403'] ?? 0) + (byStatus['415'] ?? 0) };
}

/** wapitiCore/language/vulnerability.py: 4 critical, 3 high, 2 medium, 1 low, 0 info. */
const WAPITI_LEVELS: Record<number, string> = { 4: 'critical', 3: 'high', 2: 'medium', 1: 'low', 0: 'info' };

function describe(summary: {
  minutes: number;
  cookieFlags: { setCookie: string; problems: string[] };
  sqlmap: SqlmapResult[];
  wapiti?: WapitiResult;
  answers: Record<string, { total: number; byStatus: Record<string, number>; guard: number }>;
}): { text: string; failed: boolean } {
  const out: string[] = [`# Security scan — ${new Date().toISOString()}`, ''];
  let failed = false;
  out.push(
    `Portal: ${base}, NODE_ENV=production, PGlite, demo data, RATE_LIMIT_IP_FACTOR=1000. Total ${summary.minutes.toFixed(1)} min.`,
    '',
    `Session cookie: \`${summary.cookieFlags.setCookie}\` — ${summary.cookieFlags.problems.length ? summary.cookieFlags.problems.join(', ') : 'HttpOnly, Secure, SameSite, Path=/, no Domain: ok'}`,
    '',
  );
  if (summary.cookieFlags.problems.length) failed = true;

  if (summary.sqlmap.length) {
    const injectable = summary.sqlmap.filter((r) => r.injectable.length > 0);
    const unreached = summary.sqlmap.filter((r) => !r.reached);
    const parameters = summary.sqlmap.reduce((n, r) => n + r.tested.length, 0);
    out.push(
      `## sqlmap (level ${sqlmapLevel}, risk ${sqlmapRisk}, --dbms=PostgreSQL, ${targetSeconds} s per operation)`,
      '',
      `${summary.sqlmap.length} operations, ${parameters} injection points tested, ${injectable.length} injectable, ` +
        `${unreached.length} baselines not reaching the handler, ${summary.sqlmap.filter((r) => r.timedOut).length} stopped by the time limit.`,
      '',
      '| operation | baseline | points tested | injectable | refuted by sqlmap | s | answers seen by sqlmap |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...summary.sqlmap.map(
        (r) =>
          `| ${r.name} | ${r.baseline}${r.reached ? '' : ' ✗'} | ${r.tested.length} | ${r.injectable.join(', ') || '0'} | ${r.refuted.join(', ')} | ${r.seconds}${r.timedOut ? ' ⏱' : ''} | ${r.httpCodes} |`,
      ),
      '',
    );
    if (injectable.length || unreached.length) failed = true;
  }
  if (summary.wapiti) {
    const w = summary.wapiti;
    out.push(
      `## wapiti 3.0.4 (${WAPITI_MODULES.join(', ')}; ${w.seconds} s${w.timedOut ? ', time limit' : ''})`,
      '',
    );
    // One row per kind and category: the backup module alone reports dozens of URLs of one kind.
    const rows: string[] = [];
    const serious: string[] = [];
    for (const [kind, record] of [
      ['vulnerability', w.vulnerabilities],
      ['anomaly', w.anomalies],
      ['additional', w.additionals],
    ] as const) {
      for (const [category, list] of Object.entries(record)) {
        const findings = list;
        const levels = [...new Set(findings.map((v) => WAPITI_LEVELS[Number(v.level)] ?? String(v.level)))];
        const examples = findings
          .slice(0, 3)
          .map((v) => `${v.method} ${v.path}${v.parameter ? ` (${v.parameter})` : ''}`)
          .join('; ');
        const info = String(findings[0]?.info ?? '')
          .replace(/\|/g, '/')
          .replace(/\n/g, ' ');
        rows.push(
          `| ${kind} | ${category} | ${levels.join(', ')} | ${findings.length} | ${examples} | ${info} |`,
        );
        if (kind !== 'additional' && findings.some((v) => Number(v.level) >= 2)) serious.push(category);
      }
    }
    out.push(
      rows.length
        ? [
            '| kind | category | level | count | first requests | first info |',
            '| --- | --- | --- | --- | --- | --- |',
            ...rows,
          ].join('\n')
        : 'No findings.',
      '',
    );
    if (!w.reported) {
      out.push(`**wapiti wrote no report (exit code ${w.code}): see wapiti/wapiti.log.**`, '');
      failed = true;
    }
    if (serious.length) failed = true;
  }
  out.push('## What the server answered (its log)', '');
  for (const [tool, counts] of Object.entries(summary.answers)) {
    const statuses = Object.entries(counts.byStatus)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    out.push(
      `- ${tool}: ${counts.total} requests — ${statuses || 'none'}; 403 or 415 (the Origin/content-type guard, or a missing authority): ${counts.guard}`,
    );
  }
  out.push(
    '',
    failed ? '**Result: FAILED** (see above)' : '**Result: passed** (no injection, no medium/high finding)',
  );
  return { text: out.join('\n') + '\n', failed };
}

process.exitCode = await main();
