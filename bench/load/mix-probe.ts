/**
 * Preloaded into a server started by the mix (`node --import`, bench/support/portal.ts `probe`). It answers the
 * bench over the IPC channel and changes nothing else:
 *
 *   'memory'                          → { memory: process.memoryUsage() }
 *   { probe: 'profile-start' }        → a V8 CPU profile starts (node:inspector, in this process)
 *   { probe: 'profile-stop', path }   → the profile is written to `path` → { profiled: path }
 *   { probe: 'trace-start' }          → every statement sent to PostgreSQL is recorded with the request it serves
 *   { probe: 'trace-stop' }           → { traces: Trace[] }, one per request that carried `x-bench-kind`
 *
 * Tracing: the request is found through an AsyncLocalStorage entered where Node's HTTP server emits 'request'
 * (Fastify's handler runs inside it), and each statement where node-postgres' Client.query is called, so that
 * a statement belongs to the request whose code sent it. The bench traces one request at a time (a request
 * waiting for a pooled connection would otherwise continue in the context of the one that released it).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import pg from 'pg';

export interface TracedStatement {
  text: string;
  values: unknown[];
  /** The prepared statement's name, when the portal sent one (node-postgres prepares it once per connection). */
  name?: string;
}

export interface Trace {
  kind: string;
  statements: TracedStatement[];
}

if (process.send) {
  const requests = new AsyncLocalStorage<Trace>();
  let traces: Trace[] | null = null;
  let profiler: Session | null = null;

  const emit = http.Server.prototype.emit as (
    this: http.Server,
    event: string,
    ...args: unknown[]
  ) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    const request = args[0] as http.IncomingMessage | undefined;
    const kind = event === 'request' ? request?.headers['x-bench-kind'] : undefined;
    if (traces && typeof kind === 'string') {
      const trace: Trace = { kind: decodeURIComponent(kind), statements: [] };
      traces.push(trace);
      return requests.run(trace, () => emit.call(this, event, ...args));
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;

  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const trace = traces ? requests.getStore() : undefined;
    if (trace) trace.statements.push(statementOf(args));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;

  process.on('message', (message: unknown) => {
    void answer(message).then(
      (reply) => reply !== undefined && process.send?.(reply),
      (error: unknown) => process.send?.({ probeError: String(error) }),
    );
  });
  // The channel must not keep a server alive that is shutting down.
  process.channel?.unref();

  async function answer(message: unknown): Promise<object | undefined> {
    if (message === 'memory') return { memory: process.memoryUsage() };
    if (typeof message !== 'object' || message === null || !('probe' in message)) return undefined;
    const { probe, path } = message as { probe: string; path?: string };
    if (probe === 'trace-start') {
      traces = [];
      return { tracing: true };
    }
    if (probe === 'trace-stop') {
      const done = traces ?? [];
      traces = null;
      return { traces: done };
    }
    if (probe === 'profile-start') {
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 500 });
      await profiler.post('Profiler.start');
      return { profiling: true };
    }
    if (probe === 'profile-stop' && profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      profiler = null;
      if (!path) throw new Error('profile-stop needs a path');
      writeFileSync(path, JSON.stringify(profile));
      return { profiled: path };
    }
    return undefined;
  }
}

/** What Client.query was asked: (text, values), (config) or (config, values), with or without a callback. */
function statementOf(args: unknown[]): TracedStatement {
  const [first, second] = args;
  const config = typeof first === 'string' ? { text: first } : (first as Partial<pg.QueryConfig>);
  const values = (config.values ?? (Array.isArray(second) ? second : [])) as unknown[];
  return {
    text: config.text ?? '',
    // Over the IPC channel (JSON): dates as ISO text and bigints as text, as node-postgres sends them anyway.
    values: values.map((value) => (typeof value === 'bigint' ? String(value) : value)),
    ...(config.name ? { name: config.name } : {}),
  };
}
