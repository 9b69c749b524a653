/**
 * Imported card drawings are SVG kept as text (catalog_cards.drawing_svg) and served as image/svg+xml with
 * `default-src 'none'` (features/catalog). We refuse rather than rewrite: a drawing with anything active or
 * external is sent back to its author, since a "cleaned" drawing could silently lose parts of the picture.
 * Refused: scripts, event handler attributes, javascript: URLs, foreignObject/iframe/embed/object,
 * DOCTYPE/ENTITY declarations (entity expansion), links and url() to anything but the drawing itself
 * (#id) or an embedded raster image (data:image/png|jpeg|gif|webp).
 */
export const MAX_DRAWING_BYTES = 5 * 1024 * 1024;

export type DrawingCheck =
  | { ok: true; svg: string; width: number; height: number }
  | { ok: false; code: 'svg-invalid' | 'svg-unsafe' | 'svg-size-unknown' | 'file-too-large'; detail: string };

const UNSAFE: [RegExp, string][] = [
  [/<!DOCTYPE|<!ENTITY/i, 'DOCTYPE/ENTITY'],
  [/<\s*script\b/i, '<script>'],
  [/<\s*(foreignObject|iframe|embed|object|frame|handler|listener)\b/i, 'embedded content'],
  [/\son[a-z]+\s*=/i, 'event handler attribute'],
  [/javascript\s*:/i, 'javascript: URL'],
  [/@import/i, '@import'],
];
const LOCAL_REFERENCE = /^(#|data:image\/(png|jpeg|gif|webp);)/i;

/** The drawing if it is a safe SVG with a known size (viewBox, else width/height), else why not. */
export function checkDrawing(content: Buffer): DrawingCheck {
  if (content.length > MAX_DRAWING_BYTES)
    return { ok: false, code: 'file-too-large', detail: `${MAX_DRAWING_BYTES / 1024 / 1024} MB` };
  const svg = content.toString('utf8').replace(/^\uFEFF/, '');
  const start = svg.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '');
  if (!/^<svg[\s>]/i.test(start) || !/<\/svg\s*>\s*$/i.test(svg))
    return { ok: false, code: 'svg-invalid', detail: 'not an SVG document' };
  for (const [pattern, what] of UNSAFE)
    if (pattern.test(svg)) return { ok: false, code: 'svg-unsafe', detail: what };
  for (const match of svg.matchAll(/\b(?:xlink:)?href\s*=\s*(["'])([\s\S]*?)\1/gi)) {
    if (!LOCAL_REFERENCE.test(match[2]!.trim()))
      return { ok: false, code: 'svg-unsafe', detail: `link to ${match[2]!.slice(0, 80)}` };
  }
  for (const match of svg.matchAll(/url\(\s*(["']?)([^)"']*)\1\s*\)/gi)) {
    if (!LOCAL_REFERENCE.test(match[2]!.trim()))
      return { ok: false, code: 'svg-unsafe', detail: `url(${match[2]!.slice(0, 80)})` };
  }
  const root = /<svg\b[^>]*>/i.exec(start)![0];
  const viewBox =
    /\bviewBox\s*=\s*["']\s*([-\d.eE]+)[\s,]+([-\d.eE]+)[\s,]+([\d.eE]+)[\s,]+([\d.eE]+)\s*["']/.exec(root);
  const attribute = (name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(px)?\\s*["']`).exec(root)?.[1];
  const width = Math.round(Number(viewBox?.[3] ?? attribute('width')));
  const height = Math.round(Number(viewBox?.[4] ?? attribute('height')));
  if (!(width > 0 && height > 0))
    return { ok: false, code: 'svg-size-unknown', detail: 'no viewBox or width/height' };
  return { ok: true, svg, width, height };
}
