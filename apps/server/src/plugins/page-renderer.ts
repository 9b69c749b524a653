import { Worker } from 'node:worker_threads';
import type { Language } from '@care/contract/locales';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface RenderedPage {
  language: string;
  head?: string;
  html: string;
  state: unknown;
}

/** The web app's rendering of the public pages (apps/web/src/entry-server.tsx, built to dist-ssr/). */
export interface PageRenderer {
  render(request: { url: string; language: Language }): Promise<RenderedPage | null>;
  close(): Promise<void>;
}

/** A render that takes longer is given up (the plain page is sent) and its worker replaced. */
export const RENDER_TIMEOUT_MS = 10_000;

type Outbound =
  | { type: 'ready' }
  | { type: 'fetch'; id: number; url: string; method: string }
  | { type: 'rendered'; id: number; page: RenderedPage | null; error?: string };

interface Pending {
  worker: Worker;
  resolve(page: RenderedPage | null): void;
  reject(error: Error): void;
}

/**
 * Runs `entry`'s renderer on a worker thread (page-render-worker.ts), so that a render's 20–110 ms of synchronous
 * work never holds up other requests (issue 13, finding 2; ADR 033). The renderer's API calls are answered here
 * with `app.inject`, without the visitor's cookies: public data only. A worker that fails or exceeds
 * RENDER_TIMEOUT_MS is ended and a new one started for the next render. Resolves once the first worker has loaded
 * the renderer; rejects if it cannot.
 */
export async function startPageRenderer(
  app: FastifyInstance,
  options: { entry: string; basePath: string; localesDir: string; ssoProviderName?: string },
): Promise<PageRenderer> {
  const log: FastifyBaseLogger = app.log;
  const pending = new Map<number, Pending>();
  let lastId = 0;
  let closed = false;

  const answerFetch = async (worker: Worker, { id, url, method }: Extract<Outbound, { type: 'fetch' }>) => {
    const { pathname, search } = new URL(url);
    const res = await app.inject({
      method: method as 'GET',
      url: pathname + search,
      headers: { accept: 'application/json' },
    });
    const empty = res.statusCode === 204 || res.statusCode === 304;
    const headers = Object.entries(res.headers)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]);
    worker.postMessage({
      type: 'fetched',
      id,
      status: res.statusCode,
      headers,
      body: empty ? null : res.rawPayload,
    });
  };

  /** The renders a worker had in hand when it ended. */
  const failPending = (worker: Worker, error: Error) => {
    for (const [id, call] of pending)
      if (call.worker === worker) {
        pending.delete(id);
        call.reject(error);
      }
  };

  let current: Promise<Worker> | null = null;
  const start = (): Promise<Worker> => {
    const started: Promise<Worker> = new Promise<Worker>((resolve, reject) => {
      const worker = new Worker(new URL('./page-render-worker.ts', import.meta.url), { workerData: options });
      worker.on('message', (message: Outbound) => {
        if (message.type === 'ready') resolve(worker);
        else if (message.type === 'fetch')
          answerFetch(worker, message).catch((error: unknown) => {
            log.warn({ err: error }, 'an API call of the page renderer failed');
            worker.postMessage({ type: 'fetched', id: message.id, status: 500, headers: [], body: null });
          });
        else {
          const call = pending.get(message.id);
          pending.delete(message.id);
          if (message.error) call?.reject(new Error(message.error));
          else call?.resolve(message.page);
        }
      });
      worker.on('error', (error) => {
        log.warn({ err: error }, 'the page render worker failed');
        reject(error);
      });
      worker.on('exit', () => {
        if (current === started) current = null;
        reject(new Error('the page render worker ended before it was ready'));
        failPending(worker, new Error('the page render worker ended'));
      });
    });
    // A start that fails is logged by the error handler; the next render tries again.
    started.catch(() => {});
    return started;
  };

  current = start();
  await current;

  return {
    async render(request) {
      if (closed) return null;
      current ??= start();
      const running = current;
      const worker = await running;
      const id = ++lastId;
      return new Promise<RenderedPage | null>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`the page render took over ${RENDER_TIMEOUT_MS} ms`));
          // A render stuck in a loop would keep the worker busy for ever: the next render gets a new one.
          if (current === running) current = null;
          void worker.terminate();
        }, RENDER_TIMEOUT_MS);
        pending.set(id, {
          worker,
          resolve: (page) => {
            clearTimeout(timer);
            resolve(page);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        worker.postMessage({ type: 'render', id, ...request });
      });
    },
    async close() {
      closed = true;
      if (current) await (await current.catch(() => null))?.terminate();
      current = null;
    },
  };
}
