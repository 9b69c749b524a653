/**
 * Decodes a HEIC/HEIF photo to RGBA in a worker thread (renditions.ts starts one per photo). The decoder is libheif
 * compiled to WebAssembly (heic-decode): sharp's prebuilt libvips reads HEIF only with AV1 inside, not the HEVC of
 * phone photos (docs/decisions/067). A 12-megapixel photo takes over a second of CPU, which must not stop the
 * server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';

const { buffer, maxPixels } = workerData as { buffer: Uint8Array; maxPixels: number };
const images = await decode.all({ buffer });
try {
  const first = images[0]!;
  // Checked before the pixels are decoded: a small file may claim a picture too large to hold.
  if (first.width * first.height > maxPixels)
    throw new Error(`HEIC too large: ${first.width}×${first.height}`);
  const { width, height, data } = await first.decode();
  parentPort!.postMessage({ width, height, data }, [data.buffer as ArrayBuffer]);
} finally {
  images.dispose();
}
