/**
 * Imported card drawings are SVG kept as text (catalog_cards.drawing_svg) and served as image/svg+xml with
 * their own CSP (features/catalog). Each drawing is sanitised by an allow-list (ADR 035): DOMPurify's SVG
 * profile on a jsdom window keeps the elements and attributes a drawing is made of, and our hooks narrow what
 * may point anywhere — a link or url() may only name something in the drawing itself (#id), and an <image>
 * may also embed a raster picture (data:image/png|jpeg|gif|webp). Whatever was removed is listed, so the
 * import can tell the drawing's author (a `svg-cleaned` warning); the picture, its labels and its ids,
 * classes and data-* attributes stay.
 *
 * The input is parsed as HTML (DOMPurify's tested path): entities are never expanded and a DOCTYPE is
 * dropped, so there is no XXE or "billion laughs". The kept <svg> is written out by the XML serializer, so
 * the stored text is well-formed XML with its namespaces, as a browser reads image/svg+xml.
 */
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

export const MAX_DRAWING_BYTES = 5 * 1024 * 1024;

export type DrawingCheck =
  | {
      ok: true;
      svg: string;
      width: number;
      height: number;
      /** What sanitising removed, e.g. `<script>`, `onload=` (empty when nothing was). */
      removed: string[];
    }
  | { ok: false; code: 'svg-invalid' | 'svg-size-unknown' | 'file-too-large'; detail: string };

/** What a link or url() may name: a part of the drawing itself, or (on <image>) an embedded raster image. */
const LOCAL = /^#[^\s#]*$/;
const EMBEDDED_RASTER = /^data:image\/(png|jpeg|gif|webp)[;,]/i;

/** CSS (a style attribute or element, or a presentation attribute) that can load nothing from outside. */
function isLocalCss(css: string): boolean {
  // Escapes hide `url(` from a plain look (`\75 rl(`); a drawing has no use for them, nor for these.
  if (/\\|@import|@font-face|@namespace|javascript:|(image-set|image|cross-fade|element|src)\s*\(/i.test(css))
    return false;
  const calls = css.match(/url\s*\(/gi)?.length ?? 0;
  const local = [...css.matchAll(/url\s*\(\s*(["']?)([^"')]*)\1\s*\)/gi)].filter(
    (match) => LOCAL.test(match[2]!.trim()) || EMBEDDED_RASTER.test(match[2]!.trim()),
  ).length;
  return calls === local;
}

const CONFIG: Config & { RETURN_DOM: true } = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // <use> is refused by DOMPurify because it can pull in other documents; with its href held to #id (below)
  // it only repeats a part of the drawing, which exploded views do a lot.
  ADD_TAGS: ['use'],
  // Links lead away and animations can rewrite attributes; a parts drawing needs neither. A link's content
  // (a label, a part) is kept.
  FORBID_TAGS: [
    'a',
    'animate',
    'animatecolor',
    'animatemotion',
    'animatetransform',
    'set',
    'mpath',
    'discard',
  ],
  // The drawing is never put into a page's DOM (an <img>, ADR 025), so ids cannot clobber anything; keep
  // them all, url(#id) and <use href="#id"> need them.
  SANITIZE_DOM: false,
  RETURN_DOM: true,
};

interface Sanitizer {
  purify: DOMPurify;
  serializer: XMLSerializer;
  /** What the hooks removed during the current (synchronous) sanitize call. */
  removed: string[];
}

let sanitizer: Sanitizer | undefined;

/** One jsdom window and DOMPurify for the thread (drawing-sanitizer.ts), made on first use (~100 ms, ~8 MB). */
function getSanitizer(): Sanitizer {
  if (sanitizer) return sanitizer;
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window);
  const made: Sanitizer = { purify, serializer: new window.XMLSerializer(), removed: [] };
  purify.addHook('uponSanitizeElement', (node, data) => {
    // A prefixed element (<svg:script>, <xi:include>, an editor's <sodipodi:namedview>) is none of the drawing
    // to the HTML parser: it goes with its content, which DOMPurify would otherwise keep as text.
    const foreign = data.tagName.includes(':');
    if (!foreign && (data.tagName !== 'style' || isLocalCss(node.textContent ?? ''))) return;
    made.removed.push(foreign ? `<${data.tagName}>` : '<style> loading from outside');
    node.parentNode?.removeChild(node);
  });
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const value = data.attrValue;
    if (data.attrName === 'href' || data.attrName === 'xlink:href') {
      const embedded = node.nodeName.toLowerCase() === 'image' && EMBEDDED_RASTER.test(value);
      if (!LOCAL.test(value) && !embedded) data.keepAttr = false;
    } else if (!isLocalCss(value)) data.keepAttr = false;
  });
  sanitizer = made;
  return made;
}

/** `<script>`, `onload=`: what a removed node or attribute was, for the author. */
function describeRemoved(entry: DOMPurify['removed'][number]): string | null {
  if ('element' in entry) {
    const node = entry.element;
    // Comments and the <?xml?> declaration (a comment to the HTML parser) carry nothing of the picture.
    if (node.nodeType !== 1 || node.nodeName === 'BODY') return null;
    return `<${node.nodeName.toLowerCase()}>`;
  }
  const attribute = entry.attribute;
  // The serializer declares the namespaces the drawing uses.
  if (!attribute || attribute.name === 'xmlns' || attribute.name.startsWith('xmlns:')) return null;
  const { name } = attribute;
  const value = attribute.value.trim();
  return /href$/i.test(name) ? `${name}=${value.slice(0, 60)}` : `${name}=`;
}

/** `<script> ×2, onload=`: each kind of removal once, with its count. */
function summarise(removed: string[]): string[] {
  const counts = new Map<string, number>();
  for (const what of removed) counts.set(what, (counts.get(what) ?? 0) + 1);
  return [...counts].map(([what, count]) => (count > 1 ? `${what} ×${count}` : what));
}

/** The sanitised drawing with its size (viewBox, else width/height) and what was removed; else why not. */
export function checkDrawing(content: Buffer): DrawingCheck {
  if (content.length > MAX_DRAWING_BYTES)
    return { ok: false, code: 'file-too-large', detail: `${MAX_DRAWING_BYTES / 1024 / 1024} MB` };
  const text = content.toString('utf8').replace(/^\uFEFF/, '');
  // The prolog: the XML declaration, processing instructions, comments, a DOCTYPE (with its entities).
  const prolog =
    /^\s*(<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*/i;
  const start = text.replace(prolog, '');
  if (!/^<svg[\s>]/i.test(start) || !/<\/svg\s*>\s*$/i.test(text))
    return { ok: false, code: 'svg-invalid', detail: 'not an SVG document' };

  const { purify, serializer, removed } = getSanitizer();
  removed.length = 0;
  // RETURN_DOM answers the <body> the input was parsed into.
  const body = purify.sanitize(start, CONFIG) as HTMLElement;
  const found = [...removed, ...purify.removed.map(describeRemoved)].filter((what) => what !== null);
  removed.length = 0;
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) found.unshift('<!DOCTYPE>');
  // <?xml-stylesheet?> would load a stylesheet; the XML declaration (<?xml …?>) is the only harmless one.
  for (const [, target] of text.matchAll(/<\?([^\s?>]+)/g))
    if (target !== 'xml') found.unshift(`<?${target}?>`);

  const root = body.firstElementChild;
  if (!root || root.nodeName.toLowerCase() !== 'svg')
    return { ok: false, code: 'svg-invalid', detail: 'nothing of the drawing is left' };
  // HTML ends the <svg> at an HTML tag (<p>, <img>…) inside it; what followed is not part of the drawing.
  if ([...body.childNodes].some((node) => node !== root && node.textContent?.trim()))
    found.push('content after the drawing');
  const size = drawingSize(root);
  if (!size) return { ok: false, code: 'svg-size-unknown', detail: 'no viewBox or width/height' };
  return { ok: true, svg: serializer.serializeToString(root), ...size, removed: summarise(found) };
}

function drawingSize(root: Element): { width: number; height: number } | null {
  const viewBox = root
    .getAttribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const length = (name: string) => {
    const match = /^\s*([\d.]+)(px)?\s*$/.exec(root.getAttribute(name) ?? '');
    return match ? Number(match[1]) : NaN;
  };
  const [width, height] =
    viewBox?.length === 4 && viewBox.every(Number.isFinite)
      ? [viewBox[2]!, viewBox[3]!]
      : [length('width'), length('height')];
  const rounded = { width: Math.round(width!), height: Math.round(height!) };
  return rounded.width > 0 && rounded.height > 0 ? rounded : null;
}
