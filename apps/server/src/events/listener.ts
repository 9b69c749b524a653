import type { Database, Listening } from '#app/db/client.ts';

export interface ListenerOptions {
  channel: string;
  onNotify(payload: string): void;
  /** The channel is being listened to: at start and after every reconnection (events in between are lost). */
  onLive(): void;
  onDown(error: Error): void;
  /** First reconnection delay; it doubles (with jitter) up to `maxDelayMs` while the database stays away. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** How often the connection is checked with a round trip, so a silently dropped one is noticed. */
  checkEveryMs?: number;
}

export interface Listener {
  isLive(): boolean;
  close(): Promise<void>;
}

/**
 * Keeps one listening connection open for the life of the instance: when it breaks (PostgreSQL restarted,
 * the backend was terminated, the network dropped) it is reopened with exponential backoff.
 */
export function startListener(database: Database, options: ListenerOptions): Listener {
  // At most 3 s between attempts: one connection per instance costs nothing, and every second the listener is
  // down loses events (with 15 s, streams stayed without events 14 s after PostgreSQL was back: docs/reliability.md).
  const { initialDelayMs = 250, maxDelayMs = 3000, checkEveryMs = 30_000 } = options;
  let listening: Listening | null = null;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> = Promise.resolve();

  const scheduleRetry = () => {
    if (closed) return;
    const delay = Math.min(maxDelayMs, initialDelayMs * 2 ** failures) * (0.5 + Math.random() / 2);
    failures += 1;
    retryTimer = setTimeout(() => (connecting = connect()), delay);
  };

  const down = (error: Error) => {
    if (closed) return;
    clearInterval(checkTimer);
    listening = null;
    options.onDown(error);
    scheduleRetry();
  };

  const connect = async () => {
    let opened: Listening;
    try {
      opened = await database.listen(options.channel, options.onNotify, (error) => {
        if (listening === opened) down(error);
      });
    } catch (error) {
      if (!closed) options.onDown(error as Error);
      scheduleRetry();
      return;
    }
    if (closed) {
      await opened.close();
      return;
    }
    listening = opened;
    failures = 0;
    checkTimer = setInterval(() => {
      opened.check().catch((error: Error) => {
        if (listening !== opened) return;
        void opened.close();
        down(error);
      });
    }, checkEveryMs);
    checkTimer.unref();
    options.onLive();
  };

  connecting = connect();
  return {
    isLive: () => listening !== null,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(checkTimer);
      // A connection being opened right now closes itself when it sees `closed`.
      await connecting;
      const current = listening;
      listening = null;
      await current?.close();
    },
  };
}
