/**
 * Sanitising a drawing (svg-drawing.ts) is synchronous and heavy: a 5 MB drawing holds jsdom for seconds and
 * ~550 MB of heap (ADR 035). It runs on one worker thread, made on first use, so the server keeps answering
 * meanwhile, and a drawing that needs more than MAX_HEAP_MB ends that thread (and is refused), not the server.
 */
import { Worker } from 'node:worker_threads';
import type { DrawingCheck } from './svg-drawing.ts';

const MAX_HEAP_MB = 1024;

interface Pending {
  resolve(check: DrawingCheck): void;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

function startWorker(): Worker {
  const started = new Worker(new URL('./drawing-worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB },
  });
  started.on('message', ({ id, result }: { id: number; result: DrawingCheck }) => {
    pending.get(id)?.resolve(result);
    pending.delete(id);
    if (!pending.size) started.unref();
  });
  // Out of memory (or any crash): what was waiting is refused; the next drawing gets a new thread.
  const fail = () => {
    if (worker === started) worker = undefined;
    for (const [id, waiting] of pending) {
      waiting.resolve({ ok: false, code: 'file-too-large', detail: 'too large or complex to check' });
      pending.delete(id);
    }
  };
  started.on('error', fail);
  started.on('exit', fail);
  return started;
}

/** checkDrawing on the sanitiser's thread. */
export function sanitizeDrawing(content: Buffer): Promise<DrawingCheck> {
  worker ??= startWorker();
  // Held open only while a drawing is on its way, so the command line and tests can end.
  worker.ref();
  const id = nextId++;
  const answer = new Promise<DrawingCheck>((resolve) => pending.set(id, { resolve }));
  worker.postMessage({ id, content });
  return answer;
}
