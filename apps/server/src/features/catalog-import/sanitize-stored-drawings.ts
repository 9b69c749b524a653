/**
 * Drawings imported before ADR 035 passed only a deny-list (issue 13: 8 of 12 hostile drawings got through).
 * This sanitises every stored SVG drawing again (command line: sanitize-drawings), so what is already in
 * the catalogue meets the allow-list too.
 */
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { catalogCards } from '#app/db/schema/catalog.ts';
import { sanitizeDrawing } from './drawing-sanitizer.ts';

export interface StoredDrawingsReport {
  checked: number;
  /** Cards whose drawing lost something, and what. */
  cleaned: { externalId: string; removed: string[] }[];
  /** Cards whose drawing is no usable SVG once sanitised: their drawing is dropped. */
  dropped: { externalId: string; detail: string }[];
}

const BATCH = 100;

/** Sanitises each stored drawing; writes the result unless `dryRun` (then only reports). */
export async function sanitizeStoredDrawings(db: Db, dryRun: boolean): Promise<StoredDrawingsReport> {
  const report: StoredDrawingsReport = { checked: 0, cleaned: [], dropped: [] };
  let after = 0;
  for (;;) {
    const cards = await db
      .select({ id: catalogCards.id, externalId: catalogCards.externalId, svg: catalogCards.drawingSvg })
      .from(catalogCards)
      .where(and(isNotNull(catalogCards.drawingSvg), gt(catalogCards.id, after)))
      .orderBy(asc(catalogCards.id))
      .limit(BATCH);
    if (!cards.length) return report;
    for (const card of cards) {
      report.checked++;
      const drawing = await sanitizeDrawing(Buffer.from(card.svg!));
      if (!drawing.ok) {
        report.dropped.push({ externalId: card.externalId, detail: drawing.detail });
        if (!dryRun)
          await db.update(catalogCards).set({ drawingSvg: null }).where(eq(catalogCards.id, card.id));
        continue;
      }
      if (drawing.removed.length)
        report.cleaned.push({ externalId: card.externalId, removed: drawing.removed });
      // Also when nothing was removed: the re-serialised text is the form every new import stores.
      if (!dryRun && drawing.svg !== card.svg)
        await db.update(catalogCards).set({ drawingSvg: drawing.svg }).where(eq(catalogCards.id, card.id));
    }
    after = cards[cards.length - 1]!.id;
  }
}
