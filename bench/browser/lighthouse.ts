/**
 * Lighthouse (mobile: its default emulated phone, simulated slow 4G and 4× CPU slowdown) on the sign-in page
 * (`/`), the public catalogue root and a public card page of the built app, in Chromium. Issue 5: performance
 * ≥ 95 and accessibility 100 on the catalogue; issue 17: performance 100 on all three.
 *
 *   npm run lighthouse                                   # builds the web app, starts the portal (PGlite, fresh
 *                                                        # demo data) on :3231, audits it, stops it
 *   npm run lighthouse -- --url=http://localhost:3231    # audits a portal that is already running
 *   npm run lighthouse -- --runs=5                       # runs per page (the median run is reported)
 *   npm run lighthouse -- --pages=sign-in                # only these pages (sign-in, root, card; comma-separated)
 *
 * Scores, metrics, the opportunities and every failed accessibility audit are printed; the full reports are
 * written to bench/results/lighthouse-*.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { repoRoot, resultsDir } from '../support/config.ts';
import { getJson, type Portal, startDemoPortal } from '../support/portal.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    port: { type: 'string', default: '3231' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: 'sign-in,root,card' },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  },
});

const TARGETS = { performance: 100, accessibility: 100 };
const PUBLIC_CATALOG = '/parts-catalog-public/catalog-folders';

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  details?: { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number };
  metricSavings?: Record<string, number>;
}
interface Result {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
}

async function buildAndStart(port: number): Promise<Portal> {
  console.log('Building the web app (npm run build -w @care/web) …');
  const build = spawnSync('npm', ['run', 'build', '-w', '@care/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');
  return startDemoPortal(port);
}

/** The public card page of the first card of the first sub-folder that has cards. */
async function cardPath(baseUrl: string): Promise<string> {
  const roots = await getJson<{ id: string }[]>(`${baseUrl}/api/catalog-folders`);
  for (const root of roots) {
    const subfolders = await getJson<{ id: string }[]>(`${baseUrl}/api/catalog-folders?parentId=${root.id}`);
    for (const folder of subfolders) {
      const cards = await getJson<{ id: string }[]>(`${baseUrl}/api/catalog-cards?folderId=${folder.id}`);
      if (cards[0])
        return `${PUBLIC_CATALOG}/${root.id}/catalog-folders/${folder.id}/catalog-cards/${cards[0].id}`;
    }
  }
  throw new Error('no card in the catalogue');
}

const score = (result: Result, category: string) =>
  Math.round((result.categories[category]?.score ?? 0) * 100);

function describe(name: string, result: Result): string[] {
  const lines: string[] = [];
  const metric = (id: string) => result.audits[id]?.displayValue ?? '?';
  lines.push(
    `${name}: performance ${score(result, 'performance')} (${TARGETS.performance}), accessibility ` +
      `${score(result, 'accessibility')} (${TARGETS.accessibility})`,
    `  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ` +
      `${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
  );
  const performanceIds = new Set(result.categories.performance?.auditRefs.map((ref) => ref.id));
  const opportunities = Object.values(result.audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable' &&
        (performanceIds.has(audit.id) || audit.details?.type === 'opportunity'),
    )
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
  for (const audit of opportunities.slice(0, 8))
    lines.push(
      `  - ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''} (score ${audit.score})`,
    );
  const accessibilityIds = result.categories.accessibility?.auditRefs.map((ref) => ref.id) ?? [];
  for (const id of accessibilityIds) {
    const audit = result.audits[id];
    if (audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      lines.push(`  - accessibility: ${audit.title}`);
  }
  return lines;
}

async function audit(url: string, runs: number): Promise<Result> {
  const results: Result[] = [];
  for (let run = 0; run < runs; run++) {
    const chrome = await chromeLauncher.launch({
      chromePath: values.chrome,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const runner = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!runner) throw new Error(`lighthouse gave no result for ${url}`);
      const result = runner.lhr as unknown as Result;
      // A run Lighthouse could not finish (e.g. the trace missed the page's paint on a saturated machine) has
      // no score: it is reported, not counted as 0 in the median.
      if (result.runtimeError) {
        console.log(`  run ${run + 1}: failed (${result.runtimeError.code}: ${result.runtimeError.message})`);
        continue;
      }
      results.push(result);
      const metric = (id: string) => result.audits[id]?.displayValue ?? '?';
      console.log(
        `  run ${run + 1}: performance ${score(result, 'performance')}, accessibility ` +
          `${score(result, 'accessibility')} (FCP ${metric('first-contentful-paint')}, LCP ` +
          `${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ` +
          `${metric('cumulative-layout-shift')})`,
      );
      for (const id of result.categories.accessibility?.auditRefs.map((ref) => ref.id) ?? []) {
        const audit = result.audits[id];
        if (audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
          console.log(`    accessibility: ${audit.title}`);
      }
    } finally {
      chrome.kill();
    }
  }
  if (results.length === 0) throw new Error(`every Lighthouse run of ${url} failed`);
  // The median run by performance score, as Lighthouse's own guidance for variable runs; of an even number of runs
  // (one failed) the lower of the two middle ones, so the figure never flatters.
  return results.sort((a, b) => score(a, 'performance') - score(b, 'performance'))[
    Math.floor((results.length - 1) / 2)
  ]!;
}

const portal = values.url ? null : await buildAndStart(Number(values.port));
const baseUrl = (values.url ?? portal!.baseUrl).replace(/\/$/, '');
try {
  const chosen = new Set(values.pages.split(','));
  const unknown = [...chosen].filter((page) => !['sign-in', 'root', 'card'].includes(page));
  if (unknown.length > 0) throw new Error(`unknown --pages: ${unknown.join(', ')} (sign-in, root, card)`);
  const pages = [
    ...(chosen.has('sign-in') ? [{ name: 'sign-in page', path: '/' }] : []),
    ...(chosen.has('root') ? [{ name: 'catalogue root', path: PUBLIC_CATALOG }] : []),
    ...(chosen.has('card') ? [{ name: 'card page', path: await cardPath(baseUrl) }] : []),
  ];
  mkdirSync(resultsDir, { recursive: true });
  const report: string[] = [];
  for (const page of pages) {
    console.log(`Lighthouse (mobile) ${baseUrl}${page.path}`);
    const result = await audit(`${baseUrl}${page.path}`, Number(values.runs));
    const file = resolve(resultsDir, `lighthouse-${page.name.replace(/\s+/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(result, null, 2));
    report.push(...describe(`${page.name} (${page.path})`, result), `  report: ${file}`);
  }
  console.log(`\n${report.join('\n')}`);
} finally {
  await portal?.stop();
}
