/**
 * Issue 13, finding 2: anonymous visitors flooding the server-rendered public catalogue with addresses it has not
 * rendered yet, against the latency of an unrelated API (docs/perf.md, "Server-rendered pages under a flood").
 *
 *   npm run ssr-flood                                # starts the built portal (production, PGlite, demo data) on
 *                                                    # :3232 with TRUST_PROXY=loopback, measures, stops it
 *   npm run ssr-flood -- --url=http://127.0.0.1:3472 # a portal that is already running
 *   npm run ssr-flood -- --duration=20 --clients=20 --rate=10 --probe-rate=20
 *
 * Phases, each `--duration` seconds, the probe running through all of them: the probe alone (GET
 * api/catalog-folders?parentId=1, `--probe-rate` requests a second over 4 connections); the probe while
 * `--clients` clients each ask `--rate` times a second for one page already rendered (the same request load, all
 * cache hits); the same clients asking for addresses never seen (an unknown parameter, or a new search, on the
 * catalogue's pages) from one address; and from one address each (X-Forwarded-For, which the portal believes only
 * with TRUST_PROXY covering loopback, as the one this script starts does). The flood runs in a child process, so
 * its bookkeeping does not delay the probe's timing. Build the web app first (`npm run build`).
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { repoRoot } from '../support/config.ts';
import { getJson, startDemoPortal } from '../support/portal.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    port: { type: 'string', default: '3232' },
    duration: { type: 'string', default: '20' },
    clients: { type: 'string', default: '20' },
    rate: { type: 'string', default: '10' },
    'probe-rate': { type: 'string', default: '20' },
    // Internal: this script run as the flood's child process.
    flood: { type: 'string' },
  },
});

const CATALOG = '/parts-catalog-public/catalog-folders';
const PROBE = '/api/catalog-folders?parentId=1';

type FloodMode = 'cached' | 'unique' | 'unique-addresses';
interface FloodOptions {
  baseUrl: string;
  mode: FloodMode;
  clients: number;
  rate: number;
  duration: number;
  pages: string[];
}
interface FloodResult {
  requests: number;
  rendered: number;
  plain: number;
  other: Record<string, number>;
}

/** The flood (in the child process): autocannon with one connection per client, each at `rate` a second. */
async function flood({ baseUrl, mode, clients, rate, duration, pages }: FloodOptions): Promise<FloodResult> {
  const result: FloodResult = { requests: 0, rendered: 0, plain: 0, other: {} };
  let counter = 0;
  await autocannon({
    url: baseUrl,
    connections: clients,
    connectionRate: rate,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const n = counter++;
          const page = pages[n % pages.length]!;
          // Half with a parameter the page does not read, half with a search nobody made before.
          const query = n % 2 ? `utm_source=flood${n}` : `q=${encodeURIComponent(`lozysko ${n}`)}`;
          // autocannon keeps no context per connection here: the clients take turns with the addresses.
          const address = `10.13.0.${(n % clients) + 1}`;
          return {
            ...request,
            path: mode === 'cached' ? pages[0]! : `${page}?${query}`,
            headers: {
              ...request.headers,
              'accept-language': 'pl-PL,pl;q=0.9',
              ...(mode === 'unique-addresses' ? { 'x-forwarded-for': address } : {}),
            },
          };
        },
        onResponse: (status, body) => {
          result.requests += 1;
          if (status !== 200) result.other[status] = (result.other[status] ?? 0) + 1;
          else if (body.includes('id="page-state"')) result.rendered += 1;
          else result.plain += 1;
        },
      },
    ],
  });
  return result;
}

if (values.flood) {
  process.stdout.write(JSON.stringify(await flood(JSON.parse(values.flood) as FloodOptions)));
  process.exit(0);
}

function runFlood(options: FloodOptions): Promise<FloodResult> {
  return new Promise((done, fail) => {
    const child = spawn(
      resolve(repoRoot, 'node_modules/.bin/node'),
      ['--disable-warning=ExperimentalWarning', import.meta.filename, `--flood=${JSON.stringify(options)}`],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done(JSON.parse(out) as FloodResult) : fail(new Error(`flood exited ${code}`)),
    );
  });
}

async function probe(baseUrl: string, duration: number, rate: number) {
  const result = await autocannon({
    url: `${baseUrl}${PROBE}`,
    connections: 4,
    overallRate: rate,
    duration,
  });
  return { ...result.latency, requests: result.requests.total, non2xx: result.non2xx };
}

/** The catalogue root, every root's sub-folders and the first sub-folder's cards, as pages to flood. */
async function catalogPages(baseUrl: string): Promise<string[]> {
  const pages = [CATALOG];
  for (const root of await getJson<{ id: string }[]>(`${baseUrl}/api/catalog-folders`)) {
    pages.push(`${CATALOG}/${root.id}/catalog-folders`);
    for (const folder of await getJson<{ id: string }[]>(
      `${baseUrl}/api/catalog-folders?parentId=${root.id}`,
    )) {
      pages.push(`${CATALOG}/${root.id}/catalog-folders/${folder.id}/catalog-cards`);
      for (const card of await getJson<{ id: string }[]>(
        `${baseUrl}/api/catalog-cards?folderId=${folder.id}`,
      ))
        pages.push(`${CATALOG}/${root.id}/catalog-folders/${folder.id}/catalog-cards/${card.id}`);
    }
  }
  return pages;
}

const duration = Number(values.duration);
const clients = Number(values.clients);
const rate = Number(values.rate);
const probeRate = Number(values['probe-rate']);
const portal = values.url
  ? { baseUrl: values.url.replace(/\/$/, ''), stop: async () => {} }
  : // The flood's "one address each" phase names its addresses in X-Forwarded-For, as a proxy would.
    await startDemoPortal(Number(values.port), {
      env: { DATABASE_URL: 'memory://', TRUST_PROXY: 'loopback' },
    });
try {
  const pages = await catalogPages(portal.baseUrl);
  await fetch(`${portal.baseUrl}${pages[0]}`, { headers: { 'accept-language': 'pl-PL,pl;q=0.9' } });
  console.log(
    `${pages.length} catalogue pages; probe ${PROBE} at ${probeRate}/s; flood ${clients} clients × ${rate}/s; ` +
      `${duration} s per phase`,
  );
  const rows: string[] = [];
  const phases: [string, FloodMode | null][] = [
    ['probe alone', null],
    ['+ flood, one page (cache hits)', 'cached'],
    ['+ flood, unique addresses, one IP', 'unique'],
    [`+ flood, unique addresses, ${clients} IPs`, 'unique-addresses'],
  ];
  for (const [name, mode] of phases) {
    const [latency, floodResult] = await Promise.all([
      probe(portal.baseUrl, duration, probeRate),
      mode
        ? runFlood({ baseUrl: portal.baseUrl, mode, clients, rate, duration, pages })
        : Promise.resolve(null),
    ]);
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    const floodText = floodResult
      ? `${floodResult.requests} pages: ${floodResult.rendered} rendered, ${floodResult.plain} plain` +
        Object.entries(floodResult.other)
          .map(([status, count]) => `, ${count} × ${status}`)
          .join('')
      : '—';
    rows.push(
      `| ${name} | ${ms(latency.p50)} | ${ms(latency.p90)} | ${ms(latency.p99)} | ${ms(latency.max)} | ` +
        `${latency.requests}${latency.non2xx ? ` (${latency.non2xx} non-2xx)` : ''} | ${floodText} |`,
    );
    console.log(rows.at(-1));
    // Let the last phase's renders drain before the next one starts.
    await sleep(2000);
  }
  console.log(
    `\n| phase | probe p50 | p90 | p99 | max | probe requests | flood |\n|---|---|---|---|---|---|---|\n${rows.join('\n')}`,
  );
} finally {
  await portal.stop();
}
