import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStore } from '#app/files/file-store.ts';
import { detectFileType } from '#app/files/file-types.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';
import type { Shape } from './drawings.ts';
import { drawPartPicture, storePartPictures } from './part-pictures.ts';

const SHAPES: Shape[] = [
  'bolt',
  'nut',
  'washer',
  'bearing',
  'seal',
  'belt',
  'chain',
  'spring',
  'shaft',
  'gear',
  'knife',
  'tine',
  'cylinder',
  'wheel',
  'hose',
  'sensor',
  'small',
  'housing',
  'plate',
];

describe('demo part pictures', () => {
  let dataDir: string;
  let t: TestApp;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'care-part-pictures-'));
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('draws every shape as a small PNG that the pictures check accepts, with the part on it', async () => {
    const seen = new Set<string>();
    for (const shape of SHAPES) {
      const bytes = drawPartPicture(shape);
      expect(bytes.length, shape).toBeLessThan(20_000);
      expect((await detectFileType(bytes))?.contentType, shape).toBe('image/png');
      const image = PNG.sync.read(bytes);
      expect([image.width, image.height]).toEqual([240, 180]);
      // Not a blank sheet: a good share of the pixels is the part.
      let drawn = 0;
      for (let i = 0; i < image.data.length; i += 4) if (image.data[i]! < 200) drawn++;
      expect(drawn / (image.width * image.height), shape).toBeGreaterThan(0.03);
      seen.add(bytes.toString('base64'));
    }
    expect(seen.size, 'each shape its own picture').toBe(SHAPES.length);
  });

  it('stores one picture per shape as a catalogue file that api/catalog-files serves', async () => {
    const addresses = await storePartPictures(t.database.db, ['bearing', 'bolt', 'bearing'], {
      fileStore: createLocalFileStore(join(dataDir, 'files')),
      basePath: '',
    });
    expect([...addresses.keys()]).toEqual(['bearing', 'bolt']);
    for (const [shape, address] of addresses) {
      expect(address).toMatch(/^\/api\/catalog-files\/[0-9a-f-]{36}$/);
      const response = await t.app.inject({ method: 'GET', url: address });
      expect(response.statusCode, shape).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.equals(drawPartPicture(shape))).toBe(true);
    }
  });
});
