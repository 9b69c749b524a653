/**
 * The worker thread that renders the public pages, the catalogue's and sign-in (plugins/page-renderer.ts starts
 * it): React's rendering is synchronous CPU work of 20–110 ms a page, which on the main thread delayed every other request
 * (issue 13, finding 2). The renderer's API calls come back to the main thread, which answers them with
 * `app.inject` as before. Only node: imports here: the worker loads this file as it is, type annotations stripped.
 */
import { parentPort, workerData } from 'node:worker_threads';

interface WorkerData {
  /** file: URL of dist-ssr/entry-server.js. */
  entry: string;
  basePath: string;
  localesDir: string;
  /** The sign-in page's single sign-on button (the runtime configuration's ssoProviderName). */
  ssoProviderName?: string;
}

/** From the main thread: render a page, or the answer to one of the renderer's API calls. */
type Inbound =
  | { type: 'render'; id: number; url: string; language: string }
  | {
      type: 'fetched';
      id: number;
      status: number;
      headers: [string, string][];
      body: Uint8Array<ArrayBuffer> | null;
    };

type Render = (request: { url: string; language: string }) => Promise<unknown>;

const port = parentPort!;
const { entry, basePath, localesDir, ssoProviderName } = workerData as WorkerData;
const calls = new Map<number, (answer: Extract<Inbound, { type: 'fetched' }>) => void>();
let lastCall = 0;

/** The renderer's fetch: the request goes to the main thread, its answer comes back as a Response. */
async function fetchThroughMainThread(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const id = ++lastCall;
  const answer = await new Promise<Extract<Inbound, { type: 'fetched' }>>((resolve) => {
    calls.set(id, resolve);
    port.postMessage({
      type: 'fetch',
      id,
      url: String(input instanceof Request ? input.url : input),
      method: init?.method ?? 'GET',
    });
  });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

const module = (await import(entry)) as {
  createPageRenderer(options: {
    basePath: string;
    localesDir: string;
    fetch: typeof fetch;
    ssoProviderName?: string;
  }): Render;
};
const render = module.createPageRenderer({
  basePath,
  localesDir,
  fetch: fetchThroughMainThread as typeof fetch,
  ssoProviderName,
});

port.on('message', (message: Inbound) => {
  if (message.type === 'fetched') {
    calls.get(message.id)?.(message);
    calls.delete(message.id);
    return;
  }
  render({ url: message.url, language: message.language }).then(
    (page) => port.postMessage({ type: 'rendered', id: message.id, page }),
    (error: unknown) =>
      port.postMessage({
        type: 'rendered',
        id: message.id,
        page: null,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      }),
  );
});
port.postMessage({ type: 'ready' });
