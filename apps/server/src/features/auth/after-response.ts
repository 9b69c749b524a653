import type { FastifyInstance } from 'fastify';

/**
 * Runs work once the answer has gone, and has the app await it when it closes (before the database closes: a
 * plugin's onClose hooks run before its parents'). A failure is logged; the caller has had its answer.
 */
export function afterResponse(app: FastifyInstance, name: string): (work: () => Promise<void>) => void {
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });
  return (work) => {
    // setImmediate: the answer is flushed first even on PGlite, whose queries run on this thread.
    const done: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
      .finally(() => running.delete(done));
    running.add(done);
  };
}
