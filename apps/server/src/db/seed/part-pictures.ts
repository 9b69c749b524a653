import { Readable } from 'node:stream';
import { PNG } from 'pngjs';
import type { Db } from '../client.ts';
import { catalogFiles } from '../schema/catalog-imports.ts';
import { files } from '../schema/files.ts';
import type { FileStore } from '../../files/file-store.ts';
import type { Shape } from './drawings.ts';

/**
 * Product pictures for the demo catalogue: one small PNG per part shape (a bearing, a bolt, a V-belt…), drawn
 * here pixel by pixel and stored as the catalogue import stores a part's photo (file store, `files`,
 * `catalog_files`), so part pages and the cart's thumbnails show real pictures served by api/catalog-files.
 */
const WIDTH = 240;
const HEIGHT = 180;
/** Samples per pixel side: smooth edges without a drawing library. */
const SAMPLES = 2;

type Rgb = readonly [number, number, number];
type Inside = (x: number, y: number) => boolean;
interface Layer {
  inside: Inside;
  color: Rgb;
}

const BACKGROUND: Rgb = [248, 250, 252];
const STEEL: Rgb = [148, 163, 184];
const DARK: Rgb = [71, 85, 105];
const RUBBER: Rgb = [51, 65, 85];
const PAINT: Rgb = [34, 139, 34];

const CX = WIDTH / 2;
const CY = HEIGHT / 2;

const circle =
  (cx: number, cy: number, r: number): Inside =>
  (x, y) =>
    (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const rect =
  (x0: number, y0: number, x1: number, y1: number): Inside =>
  (x, y) =>
    x >= x0 && x <= x1 && y >= y0 && y <= y1;
/** A regular polygon with `sides` corners around (cx, cy). */
const polygon =
  (cx: number, cy: number, r: number, sides: number): Inside =>
  (x, y) => {
    const angle = Math.atan2(y - cy, x - cx);
    const sector = (2 * Math.PI) / sides;
    const local = (((angle % sector) + sector) % sector) - sector / 2;
    return Math.hypot(x - cx, y - cy) * Math.cos(local) <= r * Math.cos(Math.PI / sides);
  };
const stadium =
  (x0: number, x1: number, cy: number, r: number): Inside =>
  (x, y) =>
    Math.hypot(x - Math.min(Math.max(x, x0), x1), y - cy) <= r;
const gear =
  (cx: number, cy: number, r: number, teeth: number): Inside =>
  (x, y) => {
    const angle = Math.atan2(y - cy, x - cx);
    const tooth = Math.cos(angle * teeth) > 0 ? 10 : 0;
    return Math.hypot(x - cx, y - cy) <= r + tooth;
  };
const all =
  (...parts: Inside[]): Inside =>
  (x, y) =>
    parts.every((inside) => inside(x, y));
const not =
  (inside: Inside): Inside =>
  (x, y) =>
    !inside(x, y);
const layer = (inside: Inside, color: Rgb = STEEL): Layer => ({ inside, color });
const hole = (inside: Inside): Layer => ({ inside, color: BACKGROUND });

function layersOf(shape: Shape): Layer[] {
  switch (shape) {
    case 'bolt':
      return [layer(polygon(60, CY, 34, 6), DARK), layer(rect(88, CY - 16, 200, CY + 16))];
    case 'nut':
      return [layer(polygon(CX, CY, 62, 6), DARK), hole(circle(CX, CY, 28))];
    case 'washer':
      return [layer(circle(CX, CY, 64)), hole(circle(CX, CY, 26))];
    case 'seal':
      return [layer(circle(CX, CY, 66), RUBBER), hole(circle(CX, CY, 48))];
    case 'bearing':
      return [
        layer(circle(CX, CY, 72), DARK),
        hole(circle(CX, CY, 58)),
        ...Array.from({ length: 10 }, (_, i) =>
          layer(circle(CX + 47 * Math.cos((i * Math.PI) / 5), CY + 47 * Math.sin((i * Math.PI) / 5), 10)),
        ),
        layer(circle(CX, CY, 36), DARK),
        hole(circle(CX, CY, 22)),
      ];
    case 'gear':
      return [layer(gear(CX, CY, 58, 14), DARK), hole(circle(CX, CY, 18))];
    case 'wheel':
      return [layer(circle(CX, CY, 76), RUBBER), layer(circle(CX, CY, 48)), layer(circle(CX, CY, 14), DARK)];
    case 'belt':
      return [layer(stadium(60, 180, CY, 56), RUBBER), hole(stadium(60, 180, CY, 44))];
    case 'chain':
      return [0, 1, 2, 3].flatMap((i) => [
        layer(stadium(40 + i * 48, 72 + i * 48, CY, 20), DARK),
        hole(stadium(40 + i * 48, 72 + i * 48, CY, 10)),
      ]);
    case 'spring':
      return Array.from({ length: 9 }, (_, i) =>
        layer(all(circle(44 + i * 19, CY, 40), not(circle(44 + i * 19, CY, 33))), DARK),
      );
    case 'shaft':
      return [layer(stadium(30, 210, CY, 16)), layer(rect(150, CY - 20, 170, CY + 20), DARK)];
    case 'knife':
      return [
        layer((x, y) => y >= 70 && y <= 130 && x >= 30 + (130 - y) * 0.6 && x <= 210 - (130 - y) * 0.6),
        hole(circle(CX, 110, 8)),
      ];
    case 'tine':
      return [layer(stadium(30, 200, CY, 7), DARK), layer(circle(40, CY, 20)), hole(circle(40, CY, 9))];
    case 'cylinder':
      return [layer(rect(30, CY - 28, 150, CY + 28), PAINT), layer(rect(150, CY - 10, 215, CY + 10))];
    case 'hose':
      return [layer((x, y) => x > 20 && x < 220 && Math.abs(y - CY - 30 * Math.sin(x / 30)) <= 12, RUBBER)];
    case 'sensor':
      return [layer(stadium(70, 150, CY, 26), DARK), layer(rect(150, CY - 5, 215, CY + 5), RUBBER)];
    case 'small':
      return [layer(polygon(CX, CY + 10, 30, 6), DARK), layer(circle(CX, CY - 30, 20))];
    case 'housing':
      return [
        layer(all(rect(40, 40, 200, 140), not(rect(40, 40, 60, 60))), PAINT),
        hole(circle(CX, CY, 30)),
        layer(circle(CX, CY, 18)),
      ];
    case 'plate':
      return [layer(rect(35, 55, 205, 125)), hole(circle(65, CY, 10)), hole(circle(175, CY, 10))];
  }
}

/** The shape's picture as PNG bytes: the part in the middle of a light background, edges smoothed. */
export function drawPartPicture(shape: Shape): Buffer {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  const layers = layersOf(shape);
  const colourAt = (x: number, y: number): Rgb => {
    let colour = BACKGROUND;
    for (const { inside, color } of layers) if (inside(x, y)) colour = color;
    return colour;
  };
  for (let py = 0; py < HEIGHT; py++) {
    for (let px = 0; px < WIDTH; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++)
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = colourAt(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
          for (let c = 0; c < 3; c++) sum[c]! += colour[c]!;
        }
      // A little light from above: the part reads as an object, not a silhouette.
      const light = 1.08 - (0.16 * py) / HEIGHT;
      const offset = (py * WIDTH + px) * 4;
      for (let c = 0; c < 3; c++)
        png.data[offset + c] = Math.min(255, Math.round((sum[c]! / SAMPLES ** 2) * light));
      png.data[offset + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

export interface PicturesTarget {
  fileStore: FileStore;
  /** Prefix of stored image addresses (env BASE_PATH), as the import writes them. */
  basePath: string;
}

/** Stores one picture per shape and answers each shape's address (api/catalog-files/{id}). */
export async function storePartPictures(
  db: Db,
  shapes: Iterable<Shape>,
  { fileStore, basePath }: PicturesTarget,
): Promise<Map<Shape, string>> {
  const addresses = new Map<Shape, string>();
  for (const shape of new Set(shapes)) {
    const content = drawPartPicture(shape);
    const stored = await fileStore.write(Readable.from([content]));
    const [file] = await db
      .insert(files)
      .values({
        storageKey: stored.storageKey,
        originalName: `${shape}.png`,
        contentType: 'image/png',
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
        uploadedBy: null,
      })
      .returning({ id: files.id });
    await db.insert(catalogFiles).values({ sha256: stored.sha256, fileId: file!.id });
    addresses.set(shape, `${basePath}/api/catalog-files/${file!.id}`);
  }
  return addresses;
}
