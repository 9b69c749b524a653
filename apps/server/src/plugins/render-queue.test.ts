import { describe, expect, it } from 'vitest';
import { createRenderQueue } from './render-queue.ts';

/** A task that runs until the test lets it finish. */
function heldTask(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

describe('the render line', () => {
  it('runs one task at a time, lets a few wait in order, and refuses the next at once', async () => {
    const queue = createRenderQueue({ concurrency: 1, waiting: 2, intervalMs: 0 });
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => heldTask(log, name));
    const results = [queue.run(a!.task), queue.run(b!.task), queue.run(c!.task)];
    expect(await queue.run(async () => 'd')).toBeNull();
    expect(log).toEqual(['start a']);
    a!.finish();
    expect(await results[0]).toBe('a');
    await expect.poll(() => log).toEqual(['start a', 'start b']);
    // A place in the line is free again.
    const e = queue.run(async () => 'e');
    b!.finish();
    c!.finish();
    expect(await Promise.all([...results, e])).toEqual(['a', 'b', 'c', 'e']);
    expect(log).toEqual(['start a', 'start b', 'start c']);
  });

  it('frees the turn of a task that failed', async () => {
    const queue = createRenderQueue({ concurrency: 1, waiting: 0, intervalMs: 0 });
    await expect(queue.run(() => Promise.reject(new Error('render failed')))).rejects.toThrow(
      'render failed',
    );
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('starts tasks at least intervalMs apart however many are waiting', async () => {
    const queue = createRenderQueue({ concurrency: 1, waiting: 3, intervalMs: 40 });
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, () => queue.run(async () => void starts.push(performance.now()))),
    );
    const gaps = starts.slice(1).map((at, i) => at - starts[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(40);
  });
});
