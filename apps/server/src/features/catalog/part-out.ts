import type { Part } from '@care/contract/catalog';
import { parseTranslations } from '@care/contract/translations';
import type { parts } from '#app/db/schema/catalog.ts';

type PartRow = typeof parts.$inferSelect;

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
