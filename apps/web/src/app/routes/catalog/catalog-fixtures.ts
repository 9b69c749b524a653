import type { Breadcrumb, CatalogCard, CatalogFolder, Part } from '@care/contract/catalog';
import axe from 'axe-core';
import { expect } from 'vitest';

const text = (pl: string, en: string) => ({ default: 'pl' as const, values: { pl, en } });

export const rootFolders: CatalogFolder[] = [
  { id: '1', parentId: null, name: text('Kombajny zbożowe', 'Combine harvesters'), imageFileId: null },
  { id: '2', parentId: null, name: text('Prasy', 'Balers'), imageFileId: null },
];

export const subFolders: CatalogFolder[] = [
  { id: '4', parentId: '1', name: text('Zespół żniwny', 'Header'), imageFileId: null },
];

export const bearing: Part = {
  id: '31',
  name: text('Łożysko kulkowe 6204-2RS', 'Ball bearing 6204-2RS'),
  symbol: 'AM-9040-020',
  standard: 'DIN 625',
  quantity: 1,
  unit: 'pcs',
  catalogNumber: '9040.020.00',
  sapId: '109040020',
  configuration: null,
  returnable: true,
  images: [],
};

// Only a Polish name: the English screen falls back to it.
export const knife: Part = {
  id: '32',
  name: { default: 'pl', values: { pl: 'Nóż listwy tnącej' } },
  symbol: 'AM-4111-100',
  standard: null,
  quantity: null,
  unit: null,
  catalogNumber: '4111.100.00',
  sapId: null,
  configuration: { default: 'pl', values: { pl: 'Żniwiarz 4200' } },
  returnable: false,
  images: [],
};

export const card: CatalogCard = {
  id: '21',
  folderId: '4',
  name: text('Listwa nożowa', 'Cutter bar'),
  drawingUrl: '/api/catalog-cards/21/drawing',
  drawingFileId: null,
  drawingWidth: 800,
  drawingHeight: 600,
  positions: [
    { id: '101', positionNumber: '1', quantity: 10, hotspots: [{ x: 100, y: 80, r: 14 }], part: knife },
    { id: '102', positionNumber: '2', quantity: 2, hotspots: [{ x: 300, y: 80, r: 14 }], part: bearing },
  ],
};

export const folderTrail: Breadcrumb[] = [
  { kind: 'folder', id: '1', name: text('Kombajny zbożowe', 'Combine harvesters') },
  { kind: 'folder', id: '4', name: text('Zespół żniwny', 'Header') },
];
export const cardTrail: Breadcrumb[] = [...folderTrail, { kind: 'card', id: '21', name: card.name }];

/** axe on the rendered screen (jsdom cannot compute colours: contrast is checked in the e2e run). */
export async function expectNoAxeViolations(container: Element) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}
