/**
 * Test material (issue 13, finding 5): drawings an attacker would import, each around the same harmless
 * position label that must survive, and an independent check of a sanitised drawing against the allow-list.
 */
import { JSDOM } from 'jsdom';

/** A position label as exploded views have them: the viewer and the author need its id, class and data-*. */
export const LABEL =
  '<g id="pos-1" class="position" data-position="1"><circle cx="20" cy="20" r="8" fill="#fff" stroke="#000"/><text x="20" y="24" text-anchor="middle">1</text></g>';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (inner: string, attributes = '') =>
  `<svg ${NS} viewBox="0 0 100 80"${attributes}>${LABEL}${inner}</svg>`;

/** [what, drawing]: the assessment's eight that passed the deny-list, and others. */
export const HOSTILE_DRAWINGS: [string, string][] = [
  ['a <script>', svg('<script>alert(document.domain)</script>')],
  ['event handler attributes', svg('<rect width="5" height="5" onclick="alert(1)"/>', ' onload="alert(1)"')],
  ['a namespaced script', svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>')],
  [
    'a namespaced iframe',
    svg('<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="https://evil.example/frame"/>'),
  ],
  ['xlink:href=javascript:', svg('<a xlink:href="javascript:alert(1)"><text y="60">open</text></a>')],
  [
    'an entity-encoded javascript: in <animate>',
    svg('<a><animate attributeName="href" values="&#106;avascript:alert(1)"/><text y="60">open</text></a>'),
  ],
  [
    'a <set> of href to javascript:',
    svg('<a><set attributeName="href" to="&#x6A;avascript:alert(1)"/><text y="60">open</text></a>'),
  ],
  [
    'an xi:include',
    svg('<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/>'),
  ],
  [
    'a <use href=data:>',
    svg(
      `<use href="data:image/svg+xml;base64,${Buffer.from(`<svg ${NS} id="x"><script>alert(1)</script></svg>`).toString('base64')}#x"/>`,
    ),
  ],
  [
    'an xi:include behind a quoting trick',
    svg(
      `<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" data-a="href='#" href="file:///etc/passwd" data-b="'"/>`,
    ),
  ],
  [
    'a <use href=data:> behind a quoting trick',
    svg(
      `<use data-a="href='#" href="data:image/svg+xml;base64,${Buffer.from(`<svg ${NS} id="x"><script>alert(1)</script></svg>`).toString('base64')}#x" data-b="'"/>`,
    ),
  ],
  [
    'an escaped url( in a style',
    svg('<rect width="5" height="5" style="fill: \\75 rl(https://evil.example/t)"/>'),
  ],
  [
    'a <foreignObject> with HTML',
    svg(
      '<foreignObject width="50" height="50"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example/"></iframe></body></foreignObject>',
    ),
  ],
  [
    'an <!ENTITY> expansion',
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "evil-evil-evil"><!ENTITY b "&a;&a;&a;&a;&a;">]>${svg('<text y="70">&b;</text>')}`,
  ],
  ['an external <image>', svg('<image href="https://evil.example/pixel.png" width="10" height="10"/>')],
  ['a <style> with @import', svg('<style>@import url(https://evil.example/x.css);</style>')],
  ['a link to another site', svg('<a href="https://evil.example/"><text y="60">Call us</text></a>')],
  [
    'a CSS url() to another site',
    svg('<rect width="5" height="5" fill="url(https://evil.example/p.svg#g)"/>'),
  ],
  ['a <style> with an external url()', svg("<style>rect { fill: url('https://evil.example/x') }</style>")],
  ['an external <use>', svg('<use href="https://evil.example/sprite.svg#bolt"/>')],
  [
    'an external <feImage>',
    svg('<filter id="f"><feImage href="https://evil.example/x.png"/></filter><rect width="5" height="5"/>'),
  ],
  [
    'an xml-stylesheet instruction',
    `<?xml-stylesheet href="https://evil.example/x.css" type="text/css"?>${svg('')}`,
  ],
];

/** The elements a drawing may be made of (SVG shapes, text, structure, paint servers, filters). */
const ALLOWED_ELEMENTS = new Set(
  [
    'svg',
    'g',
    'defs',
    'symbol',
    'use',
    'title',
    'desc',
    'metadata',
    'path',
    'rect',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'text',
    'tspan',
    'textPath',
    'image',
    'style',
    'clipPath',
    'mask',
    'pattern',
    'marker',
    'linearGradient',
    'radialGradient',
    'stop',
    'filter',
    'switch',
    'view',
  ].map((name) => name.toLowerCase()),
);
const SVG_NS = 'http://www.w3.org/2000/svg';
const ALLOWED_ATTRIBUTE_NAMESPACES = new Set([
  null,
  'http://www.w3.org/1999/xlink',
  'http://www.w3.org/XML/1998/namespace',
  'http://www.w3.org/2000/xmlns/',
]);
const LOCAL = /^#[\w.:-]*$/;
const RASTER = /^data:image\/(png|jpeg|gif|webp)[;,]/;

/** A piece of CSS loads nothing: every url() is #id or an embedded raster image, no @import, no escapes. */
function cssIsLocal(css: string): boolean {
  if (/\\|@import|javascript:|image-set\(/i.test(css)) return false;
  return [...css.matchAll(/url\(\s*['"]?([^'")]*)/gi)].every(
    (match) => LOCAL.test(match[1]!.trim()) || RASTER.test(match[1]!.trim()),
  );
}

/**
 * Everything wrong with a sanitised drawing, read as a browser reads image/svg+xml (XML: it must be
 * well-formed): elements outside the allow-list or the SVG namespace, event handlers, links or url()s to
 * anything but the drawing itself, processing instructions and DOCTYPEs. Empty means clean.
 */
export function allowListViolations(drawing: string): string[] {
  const violations: string[] = [];
  const document = new JSDOM(drawing, { contentType: 'image/svg+xml' }).window.document;
  if (document.doctype) violations.push('a DOCTYPE');
  if (/<\?xml-stylesheet|<!ENTITY/i.test(drawing)) violations.push('a stylesheet instruction or entity');
  const root = document.documentElement;
  for (const element of [root, ...root.querySelectorAll('*')]) {
    const name = element.localName;
    const filter = /^fe[A-Z]\w+$/.test(name); // Filter primitives: feGaussianBlur, feImage…
    if (element.namespaceURI !== SVG_NS || !(ALLOWED_ELEMENTS.has(name.toLowerCase()) || filter))
      violations.push(`<${element.nodeName}> (${element.namespaceURI})`);
    if (name === 'style' && !cssIsLocal(element.textContent ?? '')) violations.push('<style> loading');
    for (const attribute of element.attributes) {
      const what = `${attribute.name}="${attribute.value}" on <${name}>`;
      if (!ALLOWED_ATTRIBUTE_NAMESPACES.has(attribute.namespaceURI)) violations.push(`namespaced ${what}`);
      if (/^on/i.test(attribute.localName)) violations.push(`handler ${what}`);
      if (attribute.localName === 'base') violations.push(`xml:base ${what}`);
      if (attribute.localName === 'href') {
        const value = attribute.value.trim();
        if (!LOCAL.test(value) && !(name === 'image' && RASTER.test(value))) violations.push(`link ${what}`);
      } else if (!cssIsLocal(attribute.value)) violations.push(`url ${what}`);
    }
  }
  return violations;
}
