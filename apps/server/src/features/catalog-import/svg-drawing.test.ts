import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { drawCard, type Shape } from '#app/db/seed/drawings.ts';
import { allowListViolations, HOSTILE_DRAWINGS, LABEL } from '#app/test/hostile-drawings.ts';
import { EXAMPLE_DIR } from './example-catalog.ts';
import { checkDrawing, MAX_DRAWING_BYTES } from './svg-drawing.ts';

const kept = (content: string | Buffer) => {
  const result = checkDrawing(Buffer.from(content));
  if (!result.ok) throw new Error(`refused: ${result.code} ${result.detail}`);
  return result;
};

/** Every element with its attributes, as a browser reads the SVG: what the picture is made of. */
const shape = (svg: string) =>
  [...new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document.querySelectorAll('*')].map(
    (element) => [
      element.localName,
      Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])),
      element.children.length ? null : element.textContent,
    ],
  );

describe('catalogue drawings are sanitised by an allow-list', () => {
  it.each(HOSTILE_DRAWINGS)('keeps the drawing and its position label, and removes %s', (_, drawing) => {
    const result = kept(drawing);
    expect(allowListViolations(result.svg)).toEqual([]);
    expect(result.svg).not.toMatch(/evil|alert|javascript|passwd/i);
    expect(result.removed.length, 'the author is told what was removed').toBeGreaterThan(0);
    // The label (id, class, data-position, circle, number) is still there as it was.
    expect(result.svg).toContain(LABEL.replace(/<circle([^>]*)\/>/, '<circle$1/>'));
    expect({ width: result.width, height: result.height }).toEqual({ width: 100, height: 80 });
  });

  it('never expands entities (no "billion laughs")', () => {
    const [, drawing] = HOSTILE_DRAWINGS.find(([what]) => what.includes('ENTITY'))!;
    const result = kept(drawing);
    expect(result.removed).toContain('<!DOCTYPE>');
    expect(result.svg).not.toContain('evil-evil');
  });

  it('keeps the example drawing and the demo drawings whole, with nothing to report', async () => {
    const example = await readFile(join(EXAMPLE_DIR, 'drawings/lift-cylinder.svg'), 'utf8');
    const result = kept(example);
    expect(result).toMatchObject({ width: 600, height: 400, removed: [] });
    expect(shape(result.svg)).toEqual(shape(example));

    const shapes: Shape[] = ['bolt', 'nut', 'bearing', 'gear', 'spring', 'hose', 'housing', 'plate'];
    const demo = drawCard(
      'Karta <1> & "2"',
      shapes.map((s, i) => ({ positionNumber: `${i + 1}a`, shape: s })),
    );
    const demoResult = kept(demo.svg);
    expect(demoResult).toMatchObject({ width: 1000, height: 720, removed: [] });
    expect(shape(demoResult.svg)).toEqual(shape(demo.svg));
    expect(demoResult.svg).toContain('data-position="8a"');
  });

  it('keeps what drawings from editors use: <use> of its own parts, gradients, url(#id), classes in <style>', () => {
    const drawing = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 50 50">
<defs><linearGradient id="steel"><stop offset="0" stop-color="#999"/></linearGradient>
<symbol id="bolt"><path d="M0 0h5v5z"/></symbol><clipPath id="c"><rect width="9" height="9"/></clipPath></defs>
<style>.st0{fill:url(#steel);stroke:#000} .st1 > path{stroke-width:2}</style>
<use xlink:href="#bolt" x="5"/><use href="#bolt" x="15"/><rect class="st0" clip-path="url(#c)" width="9" height="9"/>
<image href="data:image/png;base64,iVBORw0KGgo=" width="4" height="4"/><text xml:space="preserve">Pos.\u00a012</text></svg>`;
    const result = kept(drawing);
    expect(result.removed).toEqual([]);
    expect(allowListViolations(result.svg)).toEqual([]);
    expect(shape(result.svg)).toEqual(shape(drawing));
  });

  it('removes an editor’s namespaced elements and attributes and says so', () => {
    const result = kept(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" viewBox="0 0 10 10"><sodipodi:namedview pagecolor="#fff"/><g inkscape:label="Layer 1"><rect width="5" height="5"/></g></svg>',
    );
    expect(result.removed).toEqual(['<sodipodi:namedview>', 'inkscape:label=']);
    expect(result.svg).toContain('<g><rect width="5" height="5"/></g>');
  });

  it('refuses what is not a drawing, a drawing without a size, and one over the size limit', () => {
    expect(checkDrawing(Buffer.from('<html><script>alert(1)</script></html>'))).toMatchObject({
      ok: false,
      code: 'svg-invalid',
    });
    expect(checkDrawing(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'))).toMatchObject({
      ok: false,
      code: 'svg-size-unknown',
    });
    expect(checkDrawing(Buffer.alloc(MAX_DRAWING_BYTES + 1, ' '))).toMatchObject({
      ok: false,
      code: 'file-too-large',
    });
  });
});
