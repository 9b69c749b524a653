export interface Periodic {
  stop(): void;
}

/**
 * Calls `task` every `intervalMs` (and once after `firstMs`, if given), never two runs at once: a tick while the
 * last run is still going is skipped. `task` answers its run, or undefined when nothing is due this tick. The
 * timers do not keep the process alive; errors are the task's to handle (the run is not awaited by anyone).
 */
export function runPeriodically(
  task: () => Promise<void> | undefined,
  { intervalMs, firstMs }: { intervalMs: number; firstMs?: number },
): Periodic {
  let running = false;
  const tick = () => {
    if (running) return;
    const run = task();
    if (!run) return;
    running = true;
    void run.finally(() => {
      running = false;
    });
  };
  const first = firstMs === undefined ? undefined : setTimeout(tick, firstMs);
  const timer = setInterval(tick, intervalMs);
  first?.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
