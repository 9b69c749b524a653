/** The drawing sanitiser's thread (drawing-sanitizer.ts): one drawing in, its check out. */
import { parentPort } from 'node:worker_threads';
import { checkDrawing } from './svg-drawing.ts';

parentPort!.on('message', ({ id, content }: { id: number; content: Uint8Array }) => {
  parentPort!.postMessage({ id, result: checkDrawing(Buffer.from(content)) });
});
