import type { Part } from '@care/contract/catalog';
import { parseTranslations } from '@care/contract/translations';
import { parts } from '#app/db/schema/catalog.ts';

/**
 * The columns of a part the API shows: not its search text, import key or timestamps, which a card's 100
 * positions would otherwise read, send and turn into Dates for nothing.
 */
export const partColumns = {
  id: parts.id,
  name: parts.name,
  symbol: parts.symbol,
  standard: parts.standard,
  quantity: parts.quantity,
  unit: parts.unit,
  catalogNumber: parts.catalogNumber,
  sapId: parts.sapId,
  configuration: parts.configuration,
  returnable: parts.returnable,
  images: parts.images,
};

type PartRow = Pick<typeof parts.$inferSelect, keyof typeof partColumns>;

/** A part row as the API's Part (the part search answers with it too). */
export function partOut(row: PartRow): Part {
  return {
    id: String(row.id),
    name: row.name,
    symbol: row.symbol,
    standard: row.standard,
    quantity: row.quantity,
    unit: row.unit,
    catalogNumber: row.catalogNumber,
    sapId: row.sapId,
    // Stored as the import gave it: plain text (the default language) or the ERP's XML-like translations.
    configuration: row.configuration ? parseTranslations(row.configuration) : null,
    returnable: row.returnable,
    images: row.images,
  };
}
