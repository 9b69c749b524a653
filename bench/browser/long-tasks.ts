/**
 * The main thread's long tasks of a page load, from a Chromium trace (docs/perf.md, Lighthouse): what makes the
 * total blocking time, and what is inside each task. Lighthouse's mobile audit multiplies the observed task times
 * by 4 (its simulated CPU slowdown), so a task counts from 12.5 ms of real time; this prints the tasks after the
 * first contentful paint that do, their largest trace events, each module evaluation, and an estimate of the
 * blocking time (the sum of 4 × duration − 50 ms).
 *
 *   npm run long-tasks -- http://127.0.0.1:3231/parts-catalog-public/catalog-folders [--runs=5]
 *
 * Needs a running portal (e.g. the one `npm run lighthouse` starts, or `npm start`); a phone-sized viewport, no
 * network throttling. Compare estimates taken in the same minutes on the same machine only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../e2e/support/chromium.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
  },
});
const url = positionals[0];
if (!url) {
  console.error('Usage: npm run long-tasks -- <page address> [--runs=3]');
  process.exit(2);
}

const SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

async function traceLoad(file: string): Promise<TraceEvent[]> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await browser.startTracing(page, {
      path: file,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'toplevel',
      ],
    });
    await page.goto(url!, { waitUntil: 'load' });
    await page.waitForTimeout(4000);
    await browser.stopTracing();
  } finally {
    await browser.close();
  }
  return (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
}

function analyse(events: TraceEvent[]): number {
  const origin = new URL(url!).origin;
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame === true &&
      String(e.args.data.documentLoaderURL).startsWith(origin),
  );
  if (!navigation) throw new Error('the trace has no navigation to the page');
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === navigation.pid,
  )!;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
  const at = (e: TraceEvent) => `${((e.ts - navigation.ts) / 1000).toFixed(0)} ms`;
  console.log(`  first contentful paint at ${fcp ? at(fcp) : '?'}`);

  // Outermost tasks only (a task may contain nested task events).
  const tasks: TraceEvent[] = [];
  let end = 0;
  for (const task of onMain
    .filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask')
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)) {
    if (task.ts < end) continue;
    tasks.push(task);
    end = task.ts + task.dur!;
  }

  let blocking = 0;
  for (const task of tasks) {
    const simulated = (task.dur! / 1000) * SLOWDOWN;
    if ((fcp && task.ts < fcp.ts) || simulated <= BLOCKING_FROM_MS) continue;
    blocking += simulated - BLOCKING_FROM_MS;
    const inside = new Map<string, number>();
    for (const e of onMain) {
      if (e === task || e.name.endsWith('RunTask') || e.dur! < 1000) continue;
      if (e.ts < task.ts || e.ts + e.dur! > task.ts + task.dur!) continue;
      const data = e.args?.data ?? {};
      const where = typeof data.url === 'string' ? ` ${data.url.split('/').pop()}` : '';
      const key = `${e.name}${where}${typeof data.functionName === 'string' && data.functionName ? ` ${data.functionName}` : ''}`;
      inside.set(key, Math.max(inside.get(key) ?? 0, e.dur! / 1000));
    }
    const largest = [...inside]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
      .join(', ');
    console.log(
      `  at ${at(task)}: ${(task.dur! / 1000).toFixed(1)} ms (×${SLOWDOWN} ${simulated.toFixed(0)}) — ${largest}`,
    );
  }
  const evaluations = onMain
    .filter((e) => e.name === 'v8.evaluateModule' && e.dur! >= 500)
    .map((e) => `${at(e)} ${(e.dur! / 1000).toFixed(1)} ms`);
  console.log(`  module evaluations over 0.5 ms: ${evaluations.join('; ') || 'none'}`);
  console.log(`  estimated blocking time ${blocking.toFixed(0)} ms`);
  return blocking;
}

const dir = mkdtempSync(join(tmpdir(), 'care-long-tasks-'));
try {
  const estimates: number[] = [];
  for (let run = 1; run <= Number(values.runs); run++) {
    console.log(`run ${run}: ${url}`);
    estimates.push(analyse(await traceLoad(join(dir, `trace-${run}.json`))));
  }
  estimates.sort((a, b) => a - b);
  console.log(
    `estimated blocking time: median ${estimates[Math.floor(estimates.length / 2)]!.toFixed(0)} ms ` +
      `(${estimates.map((ms) => ms.toFixed(0)).join(', ')})`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
