import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOSTILE_DRAWINGS } from '#app/test/hostile-drawings.ts';
import { sanitizeDrawing } from './drawing-sanitizer.ts';
import { EXAMPLE_DIR } from './example-catalog.ts';
import { checkDrawing } from './svg-drawing.ts';

/** About 1 MB of small labelled parts: seconds of jsdom work. */
function largeDrawing(): Buffer {
  const parts = Array.from(
    { length: 7000 },
    (_, i) =>
      `<g id="p${i}" class="part" data-position="${i}"><path d="M${i % 900} ${i % 600}h10v10h-10z" fill="#eee" stroke="#111"/><text x="${i % 900}" y="${i % 600}">${i}</text></g>`,
  );
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 700">${parts.join('')}</svg>`,
  );
}

describe('the drawing sanitiser thread', () => {
  it('answers what checkDrawing answers', async () => {
    const example = await readFile(join(EXAMPLE_DIR, 'drawings/lift-cylinder.svg'));
    for (const content of [example, ...HOSTILE_DRAWINGS.slice(0, 3).map(([, svg]) => Buffer.from(svg))])
      expect(await sanitizeDrawing(content)).toEqual(checkDrawing(content));
  });

  it('leaves the server free to answer while it sanitises a large drawing', async () => {
    // Each tick is a chance the server had to answer a request; on the main thread there would be none.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const results = await Promise.all([sanitizeDrawing(largeDrawing()), sanitizeDrawing(largeDrawing())]);
    clearInterval(timer);
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    expect(ticks).toBeGreaterThan(0);
  });
});
