import type { Breadcrumb } from '@care/contract/catalog';
import { translate } from '@care/contract/translations';
import type { catalogPaths } from '#app/config/paths.ts';

type CatalogPaths = ReturnType<typeof catalogPaths>;

export interface TrailLink {
  label: string;
  to: string;
}

/**
 * A breadcrumb trail from api/parts/breadcrumbs (root folder first, the card last) as links on SPEC §2's routes:
 * the first folder is the main folder, the last folder before the card is the catalogue folder.
 */
export function trailLinks(
  trail: readonly Breadcrumb[],
  catalog: CatalogPaths,
  language: string,
): TrailLink[] {
  const folders = trail.filter((step) => step.kind === 'folder');
  const main = folders[0]?.id ?? '';
  return trail.map((step, index) => {
    const label = translate(step.name, language);
    if (step.kind === 'card') {
      const folder = folders[folders.length - 1]?.id ?? main;
      return { label, to: catalog.card(main, folder, step.id) };
    }
    return { label, to: index === 0 ? catalog.folder(step.id) : catalog.cards(main, step.id) };
  });
}

/** Where a card opens, from its trail (api/parts/paths). */
export function cardLink(trail: readonly Breadcrumb[], cardId: string, catalog: CatalogPaths): string {
  const folders = trail.filter((step) => step.kind === 'folder');
  const main = folders[0]?.id ?? '';
  return catalog.card(main, folders[folders.length - 1]?.id ?? main, cardId);
}

/** The address's search parameter that holds a card's selected position (`?pos=12`). */
export const POSITION_PARAM = 'pos';

/** A card with one position selected and highlighted (where-used links, search results). */
export function cardPositionLink(
  trail: readonly Breadcrumb[],
  cardId: string,
  positionNumber: string,
  catalog: CatalogPaths,
): string {
  return `${cardLink(trail, cardId, catalog)}?${new URLSearchParams({ [POSITION_PARAM]: positionNumber })}`;
}
