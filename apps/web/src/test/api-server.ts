import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setRuntimeConfig } from '#app/config/runtime-config.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface Answer {
  status: number;
  body?: unknown;
}

type Handler = (request: RecordedRequest) => Answer;

/**
 * A real HTTP server on loopback that the app's API client talks to (no module mocks): each test sets
 * `handler`, and every request is kept in `requests`. `start()` points the runtime configuration at it.
 */
export function createApiServer() {
  const state = {
    requests: [] as RecordedRequest[],
    handler: (() => ({ status: 404 })) as Handler,
  };
  let server: Server;

  const start = async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          // A multipart upload is kept as its raw text (a test looks for the parts it expects in it).
          body:
            raw && !req.headers['content-type']?.startsWith('multipart/')
              ? (JSON.parse(raw) as unknown)
              : raw || undefined,
        };
        state.requests.push(recorded);
        const answer = state.handler(recorded);
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          'access-control-allow-origin': req.headers.origin ?? '*',
          'access-control-allow-credentials': 'true',
        });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    setRuntimeConfig({ apiBaseUrl: `http://127.0.0.1:${port}`, routerBaseName: '', basePath: '' });
  };

  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));

  const reset = (handler: Handler) => {
    state.requests = [];
    state.handler = handler;
  };

  return { state, start, stop, reset };
}
