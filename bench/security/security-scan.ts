/**
 * npm run security-scan — sqlmap and wapiti (Debian packages) against a local portal with demo sessions.
 *
 * Starts the real server in production mode on loopback (bench/support/portal.ts: PGlite in a fresh temporary
 * DATA_DIR, demo data seeded), RATE_LIMIT_IP_FACTOR=1000 (every scanner request comes from 127.0.0.1; without it
 * the per-IP limits answer 429 and the scan proves nothing; the per-account sign-in limit is not raised). Signs in
 * as the demo customer and as the demo admin (staff), derives the targets from the route table the portal
 * publishes (its OpenAPI document; bench/security/targets.ts), then
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
 * SCAN_ONLY=sqlmap|wapiti to run one scanner, SCAN_ONLY=targets for each target's baseline request only (no scanner,
 * no web build: a minute), SCAN_TARGETS=<regular expression> to run only the sqlmap targets it matches.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot, resultsDir } from '../support/config.ts';
import { getJson, signIn, startDemoPortal } from '../support/portal.ts';
import { deriveTargets, type Known, type OpenApiDocument, type Target, type Who } from './targets.ts';

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
const COOKIE = '__Host-care_session';

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
  if (only !== 'targets') ensureTools();
  if (only !== 'targets' && !existsSync(resolve(repoRoot, 'apps/web/dist/index.html')))
    run('npm', ['run', 'build']);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const logPath = resolve(outDir, 'server.log');
  const server = await startDemoPortal(port, {
    output: { log: logPath },
    env: {
      // Every scanner request comes from 127.0.0.1: without it the per-IP limits answer 429 and the scan proves
      // nothing (the per-account sign-in limit is not raised).
      RATE_LIMIT_IP_FACTOR: '1000',
      // The targets come from the OpenAPI document, off by default in production; the scanners start from it too.
      API_DOCS: 'true',
      LOG_LEVEL: 'info',
    },
  });
  const started = Date.now();
  try {
    const customer = await signIn(base, 'jan.kowalski@example.com');
    const other = await signIn(base, 'anna.schmidt@example.com');
    const staff = await signIn(base, 'admin@agromech.example');
    if (!customer.cookie.startsWith(`${COOKIE}=`)) throw new Error(`the session cookie is not ${COOKIE}`);
    const cookieFlags = checkCookie(customer.setCookie);
    const cookies: Record<Who, string | undefined> = {
      customer: customer.cookie,
      other: other.cookie,
      staff: staff.cookie,
      anonymous: undefined,
    };
    const document = await getJson<OpenApiDocument>(`${base}/api/docs/json`);
    const { targets, leftOut } = deriveTargets(document, await knownIds(cookies));
    console.log(`${targets.length} targets from the route table; left out:\n  ${leftOut.join('\n  ')}`);
    if (only === 'targets') return await checkBaselines(targets, cookies);

    const marks: Record<string, number> = { start: await logLines(logPath) };
    const sqlmap: SqlmapResult[] = [];
    if (only !== 'wapiti') {
      for (const target of targets) {
        if (!targetFilter || targetFilter.test(target.name)) sqlmap.push(await runSqlmap(target, cookies));
      }
    }
    marks.sqlmapEnd = await logLines(logPath);
    const wapiti = only === 'sqlmap' ? undefined : await runWapiti(targets, customer.cookie);
    marks.wapitiEnd = await logLines(logPath);

    const log = readLog(logPath);
    const answers = {
      sqlmap: statusCounts(log.slice(marks.start, marks.sqlmapEnd)),
      wapiti: statusCounts(log.slice(marks.sqlmapEnd, marks.wapitiEnd)),
    };
    const summary = {
      minutes: (Date.now() - started) / 60000,
      cookieFlags,
      leftOut,
      sqlmap,
      wapiti,
      answers,
    };
    writeFileSync(resolve(outDir, 'summary.json'), JSON.stringify(summary, null, 2));
    const { text, failed } = describe(summary);
    writeFileSync(resolve(outDir, 'summary.md'), text);
    console.log(text);
    return failed ? 1 : 0;
  } finally {
    await server.stop();
  }
}

/** SCAN_ONLY=targets: each target's baseline request only (no scanner), to check that every one reaches its handler. */
async function checkBaselines(targets: Target[], cookies: Record<Who, string | undefined>): Promise<number> {
  let failed = 0;
  for (const target of targets) {
    if (targetFilter && !targetFilter.test(target.name)) continue;
    const { status, reached } = await baseline(target, cookies);
    if (!reached) failed++;
    console.log(
      `${reached ? 'ok  ' : 'MISS'} ${status} ${target.who.padEnd(9)} ${target.name}  ${target.method} ${target.path}`,
    );
  }
  console.log(failed ? `${failed} targets did not reach their handler` : 'every target reached its handler');
  return failed ? 1 : 0;
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

/** The demo data's ids and examples the targets name, read through the API as its users see them. */
async function knownIds(cookies: Record<Who, string | undefined>): Promise<Known> {
  const c = cookies.customer;
  const s = cookies.staff;
  const api = <T>(cookie: string | undefined, path: string) => getJson<T>(`${base}${path}`, cookie);
  const machines = await api<{ items: Item[] }>(c, '/api/end-products/user-owned');
  const requests = await api<{ items: Item[] }>(c, '/api/service-requests/user-owned');
  const offers = await api<{ items: Item[] }>(c, '/api/offer-requests/user-owned');
  const offer = await api<{ items: { partId: string; symbol: string }[] }>(
    c,
    `/api/offer-requests/${first(offers.items).id}`,
  );
  const settings = await api<(Item & { key: string })[]>(c, '/api/user/settings?broadValue=');
  const comments = await api<{ messages: Item[] }>(
    c,
    `/api/chat/comments?serviceRequestId=${first(requests.items).id}&limit=5`,
  );
  const elements = await api<{ transportTypes: { code: string }[]; deliveryPlaces: { code: string }[] }>(
    c,
    '/api/service-requests/elements',
  );
  const folders = await api<Item[]>(c, '/api/catalog-folders');
  const subfolders = await api<Item[]>(c, `/api/catalog-folders?parentId=${first(folders).id}`);
  const cards = await api<Item[]>(c, `/api/catalog-cards?folderId=${first(subfolders).id}`);
  const part = first(offer.items);
  return {
    machineId: first(machines.items).id,
    requestId: first(requests.items).id,
    offerId: first(offers.items).id,
    partId: part.partId,
    partSymbol: part.symbol,
    settingId: (settings.find((setting) => setting.key === 'notifications.marketing') ?? first(settings)).id,
    messageId: comments.messages[0]?.id ?? '1',
    staffRequestId: first((await api<{ items: Item[] }>(s, '/api/staff/service-requests')).items).id,
    staffOfferId: first((await api<{ items: Item[] }>(s, '/api/staff/offer-requests')).items).id,
    customerId: first((await api<{ items: Item[] }>(s, '/api/staff/customers')).items).id,
    rootFolderId: first(folders).id,
    folderId: first(subfolders).id,
    cardId: first(cards).id,
    transportType: first(elements.transportTypes).code,
    deliveryPlace: first(elements.deliveryPlaces).code,
    details: await api<Record<string, unknown>>(c, '/api/user/details'),
    address: await api<Record<string, unknown>>(c, '/api/user/address'),
  };
}

type Item = { id: string };

/** The first element of a list the demo data always fills. */
function first<T>(list: T[]): T {
  const item = list[0];
  if (item === undefined) throw new Error('the demo data has an empty list where the scan needs an example');
  return item;
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

/** The target's request without injection marks: does it reach the handler (one of the expected statuses)? */
async function baseline(
  target: Target,
  cookies: Record<Who, string | undefined>,
): Promise<{ status: number; reached: boolean }> {
  const response = await fetch(`${base}${target.path.replaceAll('*', '')}`, {
    method: target.method,
    headers: headersOf(target, cookies),
    body: bodyOf(target, false).text,
  });
  await response.arrayBuffer();
  return { status: response.status, reached: (target.expect ?? [200, 201, 204]).includes(response.status) };
}

async function runSqlmap(target: Target, cookies: Record<Who, string | undefined>): Promise<SqlmapResult> {
  const slug = target.name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  const dir = resolve(outDir, 'sqlmap', slug);
  mkdirSync(dir, { recursive: true });

  const headers = headersOf(target, cookies);
  const { status: baselineStatus, reached } = await baseline(target, cookies);

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
    baseline: baselineStatus,
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
    `sqlmap ${target.name}: baseline ${baselineStatus}${reached ? '' : ' (NOT the expected status)'}, ` +
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

/** Lines in the server's log so far (after a moment, so that the last answers' lines are written). */
async function logLines(path: string): Promise<number> {
  await sleep(500);
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
  leftOut: string[];
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
  if (summary.leftOut.length)
    out.push(
      'Operations of the route table left out, and why:',
      '',
      ...summary.leftOut.map((l) => `- ${l}`),
      '',
    );

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
