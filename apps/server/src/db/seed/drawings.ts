import type { Hotspot } from '../schema/catalog.ts';

/**
 * Simple exploded-view drawings for the demo catalogue: each position is a stylised part on a dash-dot
 * assembly axis, with a leader line to a numbered balloon. The balloons are the hotspots (same centre and
 * radius), so the web can overlay clickable circles in the drawing's own units.
 */
export type Shape =
  | 'bolt'
  | 'nut'
  | 'washer'
  | 'bearing'
  | 'seal'
  | 'belt'
  | 'chain'
  | 'spring'
  | 'shaft'
  | 'gear'
  | 'knife'
  | 'tine'
  | 'cylinder'
  | 'wheel'
  | 'hose'
  | 'sensor'
  | 'small'
  | 'housing'
  | 'plate';

/** Keyword of the Polish name → shape; the first match wins, so specific words come first. */
const SHAPE_RULES: readonly [RegExp, Shape][] = [
  [/^(koło (łańcuchowe|zębate|talerzowe|napinające|napędowe)|zębnik|tarcza zębata)/i, 'gear'],
  [/^(śruba|sworzeń ścinany)/i, 'bolt'],
  [/^nakrętka/i, 'nut'],
  [/^łożysko/i, 'bearing'],
  [/^(pierścień|uszczelka|okładzina)/i, 'seal'],
  [/^(podkładka|tuleja)/i, 'washer'],
  [/^siłownik/i, 'cylinder'],
  [/^(łańcuch|spinka)/i, 'chain'],
  [/^sprężyna/i, 'spring'],
  [/^(koło|kółko|talerz|tarcza|obręcz|piasta)/i, 'wheel'],
  [/^(pas|pasek)\b/i, 'belt'],
  [/^(nóż|nożyk|segment|listwa cepowa)/i, 'knife'],
  [/^(ząb|palec|igła|zgrzebło|dziób)/i, 'tine'],
  [/^(wał|wałek|oś|sworzeń|kołek|rura|pręt|cięgno|korbowód|ślimak)/i, 'shaft'],
  [/^(przewód|wiązka)/i, 'hose'],
  [/^(czujnik|moduł|silnik|przełącznik|licznik|przycisk|wskaźnik)/i, 'sensor'],
  [/^(smarowniczka|zawleczka|korek|odpowietrznik|olej)/i, 'small'],
  [/^(przekładnia|obudowa|oprawa|zbiornik|skrzynia|sprzęgło|supłacz|wentylator|klepisko|tłok)/i, 'housing'],
];

export function shapeForName(polishName: string): Shape {
  return SHAPE_RULES.find(([pattern]) => pattern.test(polishName))?.[1] ?? 'plate';
}

const STROKE = 'stroke="#1f2937" stroke-width="2" stroke-linejoin="round"';
const FILL = 'fill="#e5e7eb"';
const LIGHT = 'fill="#f9fafb"';

function hexagon(r: number, cx = 0): string {
  const points = Array.from({ length: 6 }, (_, i) => {
    const angle = (Math.PI / 3) * i + Math.PI / 6;
    return `${(cx + r * Math.cos(angle)).toFixed(1)},${(r * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" ${FILL} ${STROKE}/>`;
}

function teeth(outer: number, inner: number, count: number): string {
  const points = Array.from({ length: count * 2 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI / count) * i;
    return `${(r * Math.cos(angle)).toFixed(1)},${(r * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" ${FILL} ${STROKE}/>`;
}

/** The shape centred on (0, 0), about 60 units across. */
function shapeMarkup(shape: Shape): string {
  switch (shape) {
    case 'bolt':
      return `<rect x="-6" y="-12" width="46" height="24" ${LIGHT} ${STROKE}/><path d="M6 -12v24M14 -12v24M22 -12v24M30 -12v24" stroke="#9ca3af"/>${hexagon(18, -18)}`;
    case 'nut':
      return `${hexagon(24)}<circle r="11" ${LIGHT} ${STROKE}/>`;
    case 'washer':
      return `<circle r="24" ${FILL} ${STROKE}/><circle r="11" fill="#ffffff" ${STROKE}/>`;
    case 'bearing':
      return `<circle r="28" ${FILL} ${STROKE}/><circle r="19" ${LIGHT} ${STROKE}/><circle r="12" fill="#ffffff" ${STROKE}/>${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<circle cx="${(15.5 * Math.cos((i * Math.PI) / 4)).toFixed(1)}" cy="${(15.5 * Math.sin((i * Math.PI) / 4)).toFixed(1)}" r="3" fill="#6b7280"/>`).join('')}`;
    case 'seal':
      return `<circle r="26" fill="#374151" ${STROKE}/><circle r="17" fill="#ffffff" ${STROKE}/>`;
    case 'belt':
      return `<rect x="-32" y="-22" width="64" height="44" rx="22" fill="none" stroke="#1f2937" stroke-width="7"/>`;
    case 'chain':
      return [-24, -8, 8, 24]
        .map((x) => `<rect x="${x - 10}" y="-8" width="20" height="16" rx="8" fill="none" ${STROKE}/>`)
        .join('');
    case 'spring':
      return `<polyline points="-32,0 -26,-14 -18,14 -10,-14 -2,14 6,-14 14,14 22,-14 28,0 34,0" fill="none" ${STROKE}/>`;
    case 'shaft':
      return `<path d="M-36 -8h68l4 4v8l-4 4h-68l-4 -4v-8z" ${FILL} ${STROKE}/><rect x="-8" y="-8" width="18" height="4" fill="#9ca3af"/>`;
    case 'gear':
      return `${teeth(28, 22, 14)}<circle r="9" fill="#ffffff" ${STROKE}/>`;
    case 'knife':
      return `<path d="M-30 14 L-12 -20 L12 -20 L30 14 Z" ${LIGHT} ${STROKE}/><path d="M-24 2 L-18 8 M-20 -6 L-14 0 M18 -6 L24 0 M22 2 L28 8" stroke="#6b7280"/>`;
    case 'tine':
      return `<circle cx="-20" cy="-14" r="8" fill="none" ${STROKE}/><path d="M-12 -14 Q 10 -10 28 22" fill="none" stroke="#1f2937" stroke-width="4" stroke-linecap="round"/>`;
    case 'cylinder':
      return `<rect x="-34" y="-10" width="40" height="20" ${FILL} ${STROKE}/><rect x="6" y="-4" width="24" height="8" ${LIGHT} ${STROKE}/><circle cx="-38" r="6" fill="#ffffff" ${STROKE}/><circle cx="34" r="6" fill="#ffffff" ${STROKE}/>`;
    case 'wheel':
      return `<circle r="28" fill="#374151" ${STROKE}/><circle r="18" ${FILL} ${STROKE}/><circle r="6" fill="#ffffff" ${STROKE}/>`;
    case 'hose':
      return `<path d="M-30 10 C -10 -30, 10 40, 30 -10" fill="none" stroke="#1f2937" stroke-width="6"/><rect x="-36" y="4" width="10" height="12" ${FILL} ${STROKE}/><rect x="26" y="-16" width="10" height="12" ${FILL} ${STROKE}/>`;
    case 'sensor':
      return `<rect x="-20" y="-14" width="30" height="28" rx="4" ${FILL} ${STROKE}/><rect x="10" y="-5" width="16" height="10" ${LIGHT} ${STROKE}/><path d="M-20 0 C -30 0, -30 18, -38 18" fill="none" ${STROKE}/>`;
    case 'small':
      return `<rect x="-12" y="-6" width="24" height="12" rx="3" ${FILL} ${STROKE}/><circle cx="-16" r="5" ${LIGHT} ${STROKE}/>`;
    case 'housing':
      return `<rect x="-32" y="-24" width="64" height="48" rx="8" ${FILL} ${STROKE}/><circle r="12" ${LIGHT} ${STROKE}/><circle cx="-24" cy="-16" r="3" fill="#ffffff" ${STROKE}/><circle cx="24" cy="16" r="3" fill="#ffffff" ${STROKE}/>`;
    case 'plate':
      return `<path d="M-30 -18h52l8 8v28h-60z" ${LIGHT} ${STROKE}/><circle cx="-18" r="5" fill="#ffffff" ${STROKE}/><circle cx="14" r="5" fill="#ffffff" ${STROKE}/>`;
  }
}

export interface DrawingPosition {
  positionNumber: string;
  shape: Shape;
}

export interface Drawing {
  svg: string;
  width: number;
  height: number;
  /** One hotspot per position, in the order given. */
  hotspots: Hotspot[];
}

const WIDTH = 1000;
const HEIGHT = 720;
const PER_ROW = 8;
const BALLOON_RADIUS = 15;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** An exploded view with the positions in rows; `title` goes into the title block (e.g. the card code). */
export function drawCard(title: string, positions: readonly DrawingPosition[]): Drawing {
  const rows = Math.max(1, Math.ceil(positions.length / PER_ROW));
  const perRow = Math.ceil(positions.length / rows);
  const rowHeight = (HEIGHT - 130) / rows;
  // Fewer positions leave room for bigger parts.
  const scale = Math.min(1.6, rowHeight / 120, (WIDTH - 120) / perRow / 75);
  const body: string[] = [];
  const balloons: string[] = [];
  const hotspots: Hotspot[] = [];

  for (let row = 0; row < rows; row++) {
    const inRow = positions.slice(row * perRow, (row + 1) * perRow);
    const axisY = Math.round(40 + rowHeight * row + rowHeight * 0.62);
    const step = (WIDTH - 120) / inRow.length;
    body.push(
      `<path d="M40 ${axisY}H${WIDTH - 40}" stroke="#9ca3af" stroke-width="1.5" stroke-dasharray="24 6 4 6"/>`,
    );
    inRow.forEach((position, index) => {
      const x = Math.round(60 + step * (index + 0.5));
      // Balloons alternate high and low so neighbouring leader lines never cross.
      const lift = index % 2 === 0 ? Math.min(rowHeight * 0.46, 130) : Math.min(rowHeight * 0.36, 100);
      const balloonY = Math.round(axisY - lift);
      const balloonX = x + (index % 2 === 0 ? -14 : 14);
      const shapeTop = Math.round(axisY - 30 * scale);
      body.push(
        `<g transform="translate(${x} ${axisY}) scale(${scale.toFixed(2)})">${shapeMarkup(position.shape)}</g>`,
      );
      balloons.push(
        `<path d="M${balloonX} ${balloonY + BALLOON_RADIUS}L${x} ${shapeTop}" stroke="#1f2937" stroke-width="1"/>` +
          `<circle cx="${x}" cy="${shapeTop}" r="2.5" fill="#1f2937"/>` +
          `<g data-position="${escapeXml(position.positionNumber)}"><circle cx="${balloonX}" cy="${balloonY}" r="${BALLOON_RADIUS}" fill="#ffffff" stroke="#1f2937" stroke-width="1.5"/>` +
          `<text x="${balloonX}" y="${balloonY + 5}" text-anchor="middle" font-size="14" font-weight="600">${escapeXml(position.positionNumber)}</text></g>`,
      );
      hotspots.push({ x: balloonX, y: balloonY, r: BALLOON_RADIUS });
    });
  }

  const titleBlock =
    `<g transform="translate(${WIDTH - 330} ${HEIGHT - 80})"><rect width="310" height="60" fill="#ffffff" stroke="#1f2937" stroke-width="1.5"/>` +
    `<path d="M0 30H310M170 0V60" stroke="#1f2937"/>` +
    `<text x="12" y="21" font-size="15" font-weight="700">AgroMech</text>` +
    `<text x="12" y="50" font-size="14">${escapeXml(title)}</text>` +
    `<text x="182" y="21" font-size="12">1:5</text><text x="182" y="50" font-size="12">${positions.length} poz. / pos.</text></g>`;

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" font-family="Arial, Helvetica, sans-serif" fill="#1f2937">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>` +
    `<rect x="10" y="10" width="${WIDTH - 20}" height="${HEIGHT - 20}" fill="none" stroke="#1f2937" stroke-width="2"/>` +
    body.join('') +
    balloons.join('') +
    titleBlock +
    `</svg>`;
  return { svg, width: WIDTH, height: HEIGHT, hotspots };
}
