import { EVENT_SCHEMAS, EVENT_TYPES, type PortalEvent } from '@care/contract/events';

/** Reconnection delays after a failure: from the first, doubling up to the last, with up to 30 % jitter. */
export const RECONNECT_BACKOFF = { firstMs: 1_000, maxMs: 30_000 } as const;

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_BACKOFF.maxMs, RECONNECT_BACKOFF.firstMs * 2 ** attempt);
  return Math.round(base * (1 + 0.3 * random()));
}

export interface EventConnection {
  close(): void;
}

/**
 * One EventSource on `url` (docs/decisions/017): every event parsed with the contract's schema (anything else is
 * ignored) and handed to `onEvent`. On any error the source is closed and opened again after a growing delay; a
 * browser's own retry would repeat every 3 s forever and give up for good on an error answer (e.g. 401 while
 * the session was being renewed). A `ready` event means the stream works again: the delay starts over.
 *
 * `replaced` means the server closed this stream for a newer one of the same user (their limit of open tabs,
 * docs/decisions/036): reconnecting at once would only replace the next oldest, so the tab waits until it is
 * looked at again (shown or focused); its screens refetch on focus anyway.
 */
export function connectEvents(url: string, onEvent: (event: PortalEvent) => void): EventConnection {
  // Without EventSource (an old embedded browser, jsdom) screens still refresh on focus and on navigation.
  if (typeof EventSource === 'undefined') return { close() {} };
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let closed = false;
  let parked = false;

  const wake = () => {
    if (!parked || closed || document.visibilityState === 'hidden') return;
    parked = false;
    open();
  };
  const park = (current: EventSource) => {
    current.close();
    source = null;
    parked = true;
    attempt = 0;
  };

  const open = () => {
    if (closed) return;
    const current = new EventSource(url, { withCredentials: true });
    source = current;
    for (const type of EVENT_TYPES) {
      current.addEventListener(type, (message) => {
        let json: unknown;
        try {
          json = JSON.parse((message as MessageEvent<string>).data);
        } catch {
          return;
        }
        const parsed = EVENT_SCHEMAS[type].safeParse(json);
        if (!parsed.success) return;
        if (type === 'replaced') return park(current);
        if (type === 'ready') attempt = 0;
        onEvent({ type, data: parsed.data } as PortalEvent);
      });
    }
    current.addEventListener('error', () => {
      if (source !== current || closed || parked) return;
      current.close();
      source = null;
      timer = setTimeout(open, reconnectDelay(attempt));
      attempt += 1;
    });
  };

  document.addEventListener('visibilitychange', wake);
  window.addEventListener('focus', wake);
  open();
  return {
    close() {
      closed = true;
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('focus', wake);
      clearTimeout(timer);
      source?.close();
      source = null;
    },
  };
}
