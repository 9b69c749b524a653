import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';

/** A client of GET api/events over a real socket (inject cannot stream), reading frames as they arrive. */

export interface ReceivedEvent {
  type: string;
  data: unknown;
}

export interface EventClient {
  status: number;
  headers: Headers;
  /** Comment lines (heartbeats) and `retry:` hints seen so far. */
  comments: string[];
  retry: number | undefined;
  /** The next event of this type (skipping others), or a rejection after `timeoutMs`. */
  next(type: string, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The http://host:port of a listening app (listen on port 0 first). */
export function baseUrlOf(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

export async function openEventClient(url: string, cookie?: string): Promise<EventClient> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    signal: abort.signal,
  });
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const client: EventClient = {
    status: response.status,
    headers: response.headers,
    comments: [],
    retry: undefined,
    ended: Promise.resolve(),
    async next(type, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex((event) => event.type === type);
        if (index >= 0) return received.splice(0, index + 1).at(-1)!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no '${type}' event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.add(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => abort.abort(),
  };

  const onFrame = (frame: string) => {
    let type = 'message';
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) client.comments.push(line);
      else if (line.startsWith('retry:')) client.retry = Number(line.slice(6).trim());
      else if (line.startsWith('event:')) type = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trim());
    }
    if (data.length) received.push({ type, data: JSON.parse(data.join('\n')) });
    for (const wake of waiters) wake();
    waiters.clear();
  };

  client.ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          onFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return client;
}

/** The stream ends within a few seconds (10 at most, for a loaded machine) and never got a chat-message. */
export async function expectEndedWithoutMessages(client: EventClient): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const stillOpen = new Promise<'open'>((resolve) => (timer = setTimeout(() => resolve('open'), 10_000)));
  expect(await Promise.race([client.ended.then(() => 'ended' as const), stillOpen])).toBe('ended');
  clearTimeout(timer);
  await expect(client.next('chat-message', 0)).rejects.toThrow("no 'chat-message' event");
}
