import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A line for CPU-heavy work (the server's page renders): at most `concurrency` tasks run, at most `waiting` more
 * wait for a turn, and a task that finds the line full is not run at all (`run` answers null at once), so the
 * caller falls back to something cheap instead of piling work up. Tasks start at least `intervalMs` apart, which
 * caps the share of the event loop they take however many clients ask. A finished task hands its turn to the
 * first one waiting. Hand-written: p-queue would be a dependency for these thirty lines (docs/decisions/033).
 */
export interface RenderQueue {
  run<T>(task: () => Promise<T>): Promise<T | null>;
}

export function createRenderQueue({
  concurrency,
  waiting,
  intervalMs,
}: {
  concurrency: number;
  waiting: number;
  intervalMs: number;
}): RenderQueue {
  let running = 0;
  let lastStart = -Infinity;
  const line: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T | null> {
      if (running < concurrency) running += 1;
      else if (line.length < waiting) await new Promise<void>((turn) => line.push(turn));
      else return null;
      try {
        // Again after each wait: a timer may fire up to a millisecond before the high-resolution clock says.
        for (let early; (early = lastStart + intervalMs - performance.now()) > 0;) await sleep(early);
        lastStart = performance.now();
        return await task();
      } finally {
        const next = line.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
