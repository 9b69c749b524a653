/**
 * A line for CPU-heavy work (the server's page renders): at most `concurrency` tasks run, at most `waiting` more
 * wait for a turn, and a task that finds the line full is not run at all (`run` answers null at once), so the
 * caller falls back to something cheap instead of piling work up. A finished task hands its turn to the first
 * one waiting. Hand-written: p-queue would be a dependency for these twenty lines (docs/decisions/033).
 */
export interface RenderQueue {
  /** Whether a task given now would be refused. */
  readonly isFull: boolean;
  run<T>(task: () => Promise<T>): Promise<T | null>;
}

export function createRenderQueue({
  concurrency,
  waiting,
}: {
  concurrency: number;
  waiting: number;
}): RenderQueue {
  let running = 0;
  const line: (() => void)[] = [];
  return {
    get isFull() {
      return running >= concurrency && line.length >= waiting;
    },
    async run<T>(task: () => Promise<T>): Promise<T | null> {
      if (running < concurrency) running += 1;
      else if (line.length < waiting) await new Promise<void>((turn) => line.push(turn));
      else return null;
      try {
        return await task();
      } finally {
        const next = line.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
