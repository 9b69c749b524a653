import { readFileSync } from 'node:fs';

/**
 * A V8 CPU profile (the probe's `.cpuprofile`, the format Chrome DevTools opens) summed by what the time was
 * spent for. A sample belongs to the nearest frame on its stack that is a package or our code: Node's own
 * functions (socket writes, streams, timers) count for whoever called them, so "node-postgres" includes the
 * socket writes of its protocol, and "Fastify" the HTTP answer it writes. What no package or our code called
 * is Node core (the HTTP parser, timers). V8's own states are kept apart: garbage collection, "(program)"
 * (native code outside JavaScript) and idle, which is left out of the shares.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  /** Wall time the profile covers, ms. */
  wallMs: number;
  /** Time the thread was busy (not idle), ms. */
  busyMs: number;
  categories: { name: string; ms: number; share: number }[];
  /** Functions by their own time (not their callees'). */
  topFunctions: { name: string; where: string; ms: number; share: number }[];
}

const PACKAGE_CATEGORIES: [RegExp, string][] = [
  [
    /^pg(-protocol|-pool|-types|-connection-string|pass)?$|^postgres-(array|bytea|date|interval)$/,
    'node-postgres',
  ],
  [/^drizzle-orm$/, 'Drizzle'],
  [/^@electric-sql\//, 'PGlite'],
  [
    /^(fast-json-stringify|ajv|ajv-formats|fast-uri|json-schema-ref-resolver|fast-deep-equal)$/,
    'fast-json-stringify',
  ],
  [/^zod$/, 'zod'],
  [/^(@fastify\/helmet|helmet)$/, 'helmet'],
  [
    /^(pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact|quick-format-unescaped|on-exit-leak-free)$/,
    'pino',
  ],
  [
    /^(fastify|@fastify\/.+|find-my-way|avvio|light-my-request|fast-querystring|fast-decode-uri-component|fastify-plugin|process-warning|abstract-logging|toad-cache|secure-json-parse|rfdc|fast-content-type-parse|proxy-addr|forwarded|ipaddr\.js|safe-regex2|ret|cookie|content-disposition|mime|send|fastq|reusify)$/,
    'Fastify',
  ],
];

function categoryOfUrl(url: string): string | null {
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + '/node_modules/'.length).split('/');
    const name = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    for (const [pattern, category] of PACKAGE_CATEGORIES) if (pattern.test(name)) return category;
    return `other packages (${name})`;
  }
  if (url.includes('/apps/server/src/')) return 'portal code (apps/server)';
  if (url.includes('/packages/contract/')) return 'contract (zod schemas)';
  if (url.includes('/bench/')) return 'bench probe';
  return null;
}

const SPECIAL = new Map([
  ['(garbage collector)', 'garbage collection'],
  ['(program)', 'V8 and native code (program)'],
  ['(idle)', 'idle'],
]);

export function summariseProfile(path: string, topCount = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const categoryCache = new Map<number, string>();
  const categoryOf = (id: number): string => {
    const cached = categoryCache.get(id);
    if (cached) return cached;
    const special = SPECIAL.get(byId.get(id)!.callFrame.functionName);
    let category = special ?? 'Node core (HTTP parser, timers)';
    if (!special)
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const found = categoryOfUrl(byId.get(at)!.callFrame.url);
        if (found) {
          category = found;
          break;
        }
      }
    categoryCache.set(id, category);
    return category;
  };
  const byCategory = new Map<string, number>();
  const bySelf = new Map<number, number>();
  // timeDeltas[i] is the time before sample i; the time after it (timeDeltas[i + 1]) is what it stands for.
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    const micros = profile.timeDeltas[i + 1] ?? 0;
    const category = categoryOf(id);
    byCategory.set(category, (byCategory.get(category) ?? 0) + micros);
    bySelf.set(id, (bySelf.get(id) ?? 0) + micros);
  }
  byCategory.delete('idle');
  const busy = [...byCategory.values()].reduce((a, b) => a + b, 0);
  const ms = (micros: number) => Math.round(micros / 100) / 10;
  const share = (micros: number) => Math.round((micros / Math.max(1, busy)) * 1000) / 10;
  const selfByFunction = new Map<string, { name: string; where: string; micros: number }>();
  for (const [id, micros] of bySelf) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    const where = url
      ? `${url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/')}:${lineNumber + 1}`
      : '';
    const key = `${functionName}|${where}`;
    const entry = selfByFunction.get(key) ?? { name: functionName || '(anonymous)', where, micros: 0 };
    entry.micros += micros;
    selfByFunction.set(key, entry);
  }
  return {
    wallMs: ms(profile.endTime - profile.startTime),
    busyMs: ms(busy),
    categories: [...byCategory]
      .sort((a, b) => b[1] - a[1])
      .map(([name, micros]) => ({ name, ms: ms(micros), share: share(micros) })),
    topFunctions: [...selfByFunction.values()]
      .sort((a, b) => b.micros - a.micros)
      .slice(0, topCount)
      .map(({ name, where, micros }) => ({ name, where, ms: ms(micros), share: share(micros) })),
  };
}
