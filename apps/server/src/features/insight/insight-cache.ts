import type { Insight } from '@care/contract/insight';
import type { Db } from '#app/db/client.ts';
import { getInsight } from './insight.service.ts';

/**
 * The dashboard's figures are counted at most once a minute per instance (docs/decisions/047): every figure is an
 * index range scan, but over the last 26 weeks at docs/design.md's scale that is ~140k requests, up to a second
 * or two of work — too much to repeat for each of 20 staff members reloading the page. An answer older
 * than INSIGHT_FRESH_MS is served once more while one recount runs in the background (never two at once).
 */
export const INSIGHT_FRESH_MS = 60_000;

interface Entry {
  value?: Insight;
  countedAt: number;
  counting?: Promise<Insight>;
}

// Per database (tests build many apps in one process).
const entries = new WeakMap<Db, Entry>();

export async function getCachedInsight(db: Db, now = Date.now()): Promise<Insight> {
  let entry = entries.get(db);
  if (!entry) {
    entry = { countedAt: 0 };
    entries.set(db, entry);
  }
  const current = entry;
  const recount = () => {
    current.counting ??= getInsight(db)
      .then((value) => {
        current.value = value;
        current.countedAt = Date.now();
        return value;
      })
      .finally(() => {
        current.counting = undefined;
      });
    return current.counting;
  };
  if (!current.value) return recount();
  if (now - current.countedAt >= INSIGHT_FRESH_MS) {
    // A failed background recount keeps the last answer; the next request tries again.
    recount().catch(() => undefined);
  }
  return current.value;
}
