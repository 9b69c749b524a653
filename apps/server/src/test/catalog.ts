import { parts } from '#app/db/schema/catalog.ts';
import type { Db } from '#app/db/client.ts';

export interface TestPart {
  externalId: string;
  /** Defaults to the external id. */
  symbol?: string;
  /** The Polish name (default "Łożysko"); `en` adds an English one. */
  pl?: string;
  en?: string;
}

/** A catalogue part as an import would leave it, for tests that put parts into carts and offer requests. */
export async function insertPart(db: Db, part: TestPart): Promise<number> {
  const symbol = part.symbol ?? part.externalId;
  const pl = part.pl ?? 'Łożysko';
  const [row] = await db
    .insert(parts)
    .values({
      externalId: part.externalId,
      symbol,
      symbolNormalized: symbol.toLowerCase().replace(/[\s.-]/g, ''),
      name: { default: 'pl', values: part.en ? { pl, en: part.en } : { pl } },
      searchText: pl.toLowerCase(),
    })
    .returning({ id: parts.id });
  return row!.id;
}
