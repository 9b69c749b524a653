import { formatTranslations, type TranslatedText } from '@care/contract/translations';
import type { Db } from '../client.ts';
import { cardPositions, catalogCards, catalogFolders, parts } from '../schema/catalog.ts';
import { buildPartSearchText, normalizeSymbol } from '../search-text.ts';
import { BALERS } from './catalog-balers.ts';
import { COMBINES } from './catalog-combines.ts';
import { SEED_DRILLS } from './catalog-drills.ts';
import { type CardModel, type FamilyModel, type Names, translated } from './catalog-model.ts';
import { type DrawingPosition, drawCard, type Shape, shapeForName } from './drawings.ts';
import { type PicturesTarget, storePartPictures } from './part-pictures.ts';
import type { Random } from './random.ts';
import { STANDARD_PARTS } from './standard-parts.ts';

export const CATALOG_FAMILIES: readonly FamilyModel[] = [COMBINES, BALERS, SEED_DRILLS];

const REINFORCED: Names = [' – wersja wzmocniona', ' – reinforced version', ' – verstärkte Ausführung'];

interface PartDraft {
  symbol: string;
  name: TranslatedText;
  shape: Shape;
  standard: string | null;
  unit: string;
  quantity: number;
  catalogNumber: string;
  sapId: string;
  configuration: string | null;
  returnable: boolean;
}

interface PositionDraft {
  part: PartDraft;
  positionNumber: string;
  quantity: number;
}

interface CardDraft {
  family: FamilyModel;
  assemblyIndex: number;
  card: CardModel;
  sortOrder: number;
  positions: PositionDraft[];
}

function partDraft(
  group: string,
  number: number,
  names: Names,
  shape: Shape,
  extra: Partial<PartDraft> = {},
): PartDraft {
  const nnn = String(number).padStart(3, '0');
  return {
    symbol: `AM-${group}-${nnn}`,
    name: translated(names),
    shape,
    standard: null,
    unit: 'pcs',
    quantity: 1,
    catalogNumber: `${group}.${nnn}.00`,
    sapId: `10${group}${nnn}`,
    configuration: null,
    returnable: false,
    ...extra,
  };
}

function configurationFor(family: FamilyModel, random: Random): string | null {
  const roll = random.next();
  if (roll < 0.55) return null;
  if (roll < 0.8) return random.sample(family.models, random.int(1, family.models.length - 1)).join(', ');
  const serial = `AM-${random.int(2021, 2024)}-${String(random.int(1, 40) * 100).padStart(6, '0')}`;
  // A serial-number limit is words, so the ERP exports it translated (ADR 004's form); model names are not.
  return formatTranslations({
    default: 'pl',
    values: { pl: `od nr fabr. ${serial}`, en: `from serial no. ${serial}`, de: `ab Fabr.-Nr. ${serial}` },
  });
}

/** The card's own parts (with an occasional reinforced variant "4a") and a handful of standard parts. */
function draftCards(random: Random, standard: readonly PartDraft[]): CardDraft[] {
  const cards: CardDraft[] = [];
  for (const family of CATALOG_FAMILIES) {
    family.assemblies.forEach((assembly, assemblyIndex) => {
      assembly.cards.forEach((card, sortOrder) => {
        const positions: PositionDraft[] = [];
        const variantOf = random.next() < 0.6 ? random.int(1, card.parts.length - 1) : -1;
        card.parts.forEach((names, index) => {
          const shape = shapeForName(names[0]);
          const isSet = /kompletn|komplet/i.test(names[0]);
          const part = partDraft(card.code, 100 + index * 5, names, shape, {
            unit: isSet ? 'set' : names[0].startsWith('Olej') ? 'l' : 'pcs',
            quantity: names[0].startsWith('Olej') ? 5 : 1,
            configuration: configurationFor(family, random),
            returnable: isSet || shape === 'housing' || shape === 'sensor',
          });
          const many = shape === 'tine' || shape === 'knife';
          positions.push({ part, positionNumber: String(index + 1), quantity: many ? random.int(4, 24) : 1 });
          if (index === variantOf) {
            const reinforced: Names = [
              names[0] + REINFORCED[0],
              names[1] + REINFORCED[1],
              names[2] + REINFORCED[2],
            ];
            const variant = partDraft(card.code, 100 + index * 5 + 1, reinforced, shape, {
              configuration: part.configuration,
            });
            positions.push({
              part: variant,
              positionNumber: `${index + 1}a`,
              quantity: positions.at(-1)!.quantity,
            });
          }
        });
        for (const part of random.sample(standard, random.int(4, 9))) {
          positions.push({
            part,
            positionNumber: String(card.parts.length + positions.filter((p) => p.part.standard).length + 1),
            quantity: random.int(1, 6) * 2,
          });
        }
        cards.push({ family, assemblyIndex, card, sortOrder, positions });
      });
    });
  }
  return cards;
}

async function insertInChunks<T>(rows: readonly T[], size: number, insert: (chunk: T[]) => Promise<void>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

export interface CatalogSummary {
  parts: { id: number; symbol: string; name: TranslatedText }[];
  cardCount: number;
  positionCount: number;
}

/** Parts made to a machine's own design (a housing, a plate) have no catalogue photo, as in real catalogues. */
const PICTURED = (shape: Shape) => shape !== 'housing' && shape !== 'plate';

/**
 * Folders → sub-folders → cards with drawings → positions, and the parts they show; with `pictures`, the common
 * parts get a product picture each (one per shape, part-pictures.ts).
 */
export async function insertCatalog(
  db: Db,
  random: Random,
  pictures?: PicturesTarget,
): Promise<CatalogSummary> {
  const groupCounters = new Map<string, number>();
  const standard = STANDARD_PARTS.map((item) => {
    const next = (groupCounters.get(item.group) ?? 0) + 10;
    groupCounters.set(item.group, next);
    return partDraft(item.group, next, item.names, item.shape, { standard: item.standard, unit: item.unit });
  });
  const cards = draftCards(random, standard);
  const drafts = new Map<string, PartDraft>(standard.map((part) => [part.symbol, part]));
  for (const card of cards)
    for (const position of card.positions) drafts.set(position.part.symbol, position.part);

  const pictureOf = pictures
    ? await storePartPictures(db, [...drafts.values()].map((part) => part.shape).filter(PICTURED), pictures)
    : new Map<Shape, string>();
  const partIds = new Map<string, number>();
  const summary: CatalogSummary['parts'] = [];
  await insertInChunks([...drafts.values()], 200, async (chunk) => {
    const rows = await db
      .insert(parts)
      .values(
        chunk.map((part) => ({
          externalId: part.symbol,
          symbol: part.symbol,
          symbolNormalized: normalizeSymbol(part.symbol),
          name: part.name,
          searchText: buildPartSearchText(part),
          standard: part.standard,
          quantity: part.quantity,
          unit: part.unit,
          catalogNumber: part.catalogNumber,
          sapId: part.sapId,
          configuration: part.configuration,
          returnable: part.returnable,
          images: pictureOf.has(part.shape) ? [pictureOf.get(part.shape)!] : [],
        })),
      )
      .returning({ id: parts.id, symbol: parts.symbol, name: parts.name });
    for (const row of rows) {
      partIds.set(row.symbol, row.id);
      summary.push(row);
    }
  });

  const folderIds = new Map<string, number>();
  const families = await db
    .insert(catalogFolders)
    .values(
      CATALOG_FAMILIES.map((family, sortOrder) => ({
        externalId: `F-${family.code}`,
        name: translated(family.name),
        sortOrder,
      })),
    )
    .returning({ id: catalogFolders.id, externalId: catalogFolders.externalId });
  for (const row of families) folderIds.set(row.externalId, row.id);
  const assemblies = await db
    .insert(catalogFolders)
    .values(
      CATALOG_FAMILIES.flatMap((family) =>
        family.assemblies.map((assembly, sortOrder) => ({
          parentId: folderIds.get(`F-${family.code}`)!,
          externalId: `F-${assembly.code}`,
          name: translated(assembly.name),
          sortOrder,
        })),
      ),
    )
    .returning({ id: catalogFolders.id, externalId: catalogFolders.externalId });
  for (const row of assemblies) folderIds.set(row.externalId, row.id);

  const drawn = cards.map((draft) => ({
    draft,
    drawing: drawCard(
      `AM-${draft.card.code}`,
      draft.positions.map((position): DrawingPosition => ({
        positionNumber: position.positionNumber,
        shape: position.part.shape,
      })),
    ),
  }));
  const cardRows = await db
    .insert(catalogCards)
    .values(
      drawn.map(({ draft, drawing }) => ({
        folderId: folderIds.get(`F-${draft.family.assemblies[draft.assemblyIndex]!.code}`)!,
        externalId: `C-${draft.card.code}`,
        name: translated(draft.card.name),
        sortOrder: draft.sortOrder,
        drawingSvg: drawing.svg,
        drawingWidth: drawing.width,
        drawingHeight: drawing.height,
      })),
    )
    .returning({ id: catalogCards.id, externalId: catalogCards.externalId });
  const cardIds = new Map(cardRows.map((row) => [row.externalId, row.id]));

  const positionRows = drawn.flatMap(({ draft, drawing }) =>
    draft.positions.map((position, index) => ({
      cardId: cardIds.get(`C-${draft.card.code}`)!,
      partId: partIds.get(position.part.symbol)!,
      positionNumber: position.positionNumber,
      quantity: position.quantity,
      hotspots: [drawing.hotspots[index]!],
      sortOrder: index,
    })),
  );
  await insertInChunks(positionRows, 300, async (chunk) => {
    await db.insert(cardPositions).values(chunk);
  });
  return { parts: summary, cardCount: cardRows.length, positionCount: positionRows.length };
}
