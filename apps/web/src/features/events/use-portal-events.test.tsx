import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { reconnectDelay } from './event-connection.ts';
import { usePortalEvents, type EventInvalidations } from './use-portal-events.ts';

/** Stands in for the browser's EventSource: the test dispatches server events and failures by hand. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readonly withCredentials: boolean;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(url: string, init?: EventSourceInit) {
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  fail() {
    for (const listener of this.listeners.get('error') ?? []) listener(new MessageEvent('error'));
  }

  static latest(): FakeEventSource {
    return FakeEventSource.instances.at(-1)!;
  }
}

const invalidations: EventInvalidations = {
  ready: () => [['chat'], ['service-requests']],
  'chat-message': ({ serviceRequestId }) => [['chat', 'log', serviceRequestId], ['unread']],
  unread: () => [['unread']],
  'service-request-status': ({ serviceRequestId }) => [['service-requests', 'details', serviceRequestId]],
};

function Events() {
  usePortalEvents(invalidations);
  return null;
}

const KEYS = [
  ['chat', 'log', '12'],
  ['chat', 'log', '13'],
  ['unread'],
  ['service-requests', 'details', '12'],
  ['service-requests', 'details', '13'],
] as const;

async function mount() {
  const rendered = await renderWithProviders(<Events />, {
    queryData: KEYS.map((key) => [key, { held: true }]),
  });
  const stale = () =>
    KEYS.filter((key) => rendered.queryClient.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
  return { ...rendered, stale };
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('portal events', () => {
  it('opens one stream with credentials and invalidates the keys of each event, and only those', async () => {
    const { stale } = await mount();
    expect(FakeEventSource.instances.filter((source) => !source.closed)).toHaveLength(1);
    const source = FakeEventSource.latest();
    expect(source.url).toMatch(/\/api\/events$/);
    expect(source.withCredentials).toBe(true);

    act(() => source.emit('chat-message', { serviceRequestId: '12', messageId: '900' }));
    expect(stale()).toEqual(['chat/log/12', 'unread']);

    act(() => source.emit('service-request-status', { serviceRequestId: '13', status: 'A' }));
    expect(stale()).toEqual(['chat/log/12', 'unread', 'service-requests/details/13']);
  });

  it('ignores events whose data does not match the contract', async () => {
    const { stale } = await mount();
    const source = FakeEventSource.latest();
    act(() => source.emit('chat-message', { serviceRequestId: 12 }));
    act(() => source.emit('service-request-status', 'not json'));
    act(() => source.emit('service-request-status', { serviceRequestId: '12', status: 'Z' }));
    expect(stale()).toEqual([]);
  });

  it('reconnects after a failure with a growing delay that starts over once the stream is ready', async () => {
    vi.useFakeTimers();
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    await mount();
    // StrictMode mounts twice: the first stream is closed at once; count from here.
    const opened = FakeEventSource.instances.length;
    const first = FakeEventSource.latest();

    act(() => first.fail());
    expect(first.closed).toBe(true);
    act(() => vi.advanceTimersByTime(999));
    expect(FakeEventSource.instances).toHaveLength(opened);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.instances).toHaveLength(opened + 1);

    act(() => FakeEventSource.latest().fail());
    act(() => vi.advanceTimersByTime(1999));
    expect(FakeEventSource.instances).toHaveLength(opened + 1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.instances).toHaveLength(opened + 2);

    act(() => FakeEventSource.latest().emit('ready', {}));
    act(() => FakeEventSource.latest().fail());
    act(() => vi.advanceTimersByTime(1000));
    expect(FakeEventSource.instances).toHaveLength(opened + 3);
    expect(FakeEventSource.instances.filter((source) => !source.closed)).toHaveLength(1);
    random.mockRestore();
  });

  it('closes the stream when the signed-in layout goes away (sign-out) and does not reconnect', async () => {
    vi.useFakeTimers();
    const { unmount } = await mount();
    const opened = FakeEventSource.instances.length;
    act(() => FakeEventSource.latest().fail());
    unmount();
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeEventSource.instances).toHaveLength(opened);
    expect(FakeEventSource.instances.every((instance) => instance.closed)).toBe(true);
  });

  it('a stream replaced by a newer tab’s waits until the tab is looked at again, then reconnects', async () => {
    vi.useFakeTimers();
    await mount();
    const opened = FakeEventSource.instances.length;
    const replaced = FakeEventSource.latest();
    act(() => replaced.emit('replaced', {}));
    // The server ends the stream after `replaced`; the browser reports that as an error.
    act(() => replaced.fail());
    expect(replaced.closed).toBe(true);
    act(() => vi.advanceTimersByTime(120_000));
    expect(FakeEventSource.instances).toHaveLength(opened);

    act(() => window.dispatchEvent(new Event('focus')));
    expect(FakeEventSource.instances).toHaveLength(opened + 1);
    expect(FakeEventSource.instances.filter((source) => !source.closed)).toHaveLength(1);
  });

  it('backs off up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((attempt) => reconnectDelay(attempt, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(reconnectDelay(0, () => 1)).toBe(1300);
  });
});
