import type { OfferRequestStatus } from '@care/contract/statuses';
import type { Db } from '../client.ts';
import { nextDocumentCode } from '../schema/counters.ts';
import { offerRequestItems, offerRequests, offerRequestStatusHistory } from '../schema/offers.ts';
import type { AccountIds } from './accounts.ts';
import type { CatalogSummary } from './catalog.ts';
import { daysBefore, minutesAfter } from './dates.ts';

interface DemoOffer {
  daysAgo: number;
  statuses: readonly OfferRequestStatus[];
  note: string | null;
  /** Part symbols and amounts. */
  items: readonly [symbol: string, amount: number][];
}

const OFFERS: readonly DemoOffer[] = [
  {
    daysAgo: 21,
    statuses: ['sent', 'in_progress', 'quoted'],
    note: 'Proszę o wycenę z dostawą do dealera w Środzie Wielkopolskiej.',
    items: [
      ['AM-4111-105', 20],
      ['AM-4111-110', 6],
      ['AM-9060-030', 1],
      ['AM-9040-030', 2],
    ],
  },
  {
    daysAgo: 2,
    statuses: ['sent'],
    note: null,
    items: [
      ['AM-5221-105', 1],
      ['AM-5221-120', 2],
    ],
  },
];

/** Two carts Jan sent to parts sales: one already quoted, one new. */
export async function insertOffers(db: Db, accounts: AccountIds, catalog: CatalogSummary, now: Date) {
  const bySymbol = new Map(catalog.parts.map((part) => [part.symbol, part]));
  for (const offer of OFFERS) {
    const createdAt = daysBefore(now, offer.daysAgo);
    const stepAt = (step: number) => minutesAfter(createdAt, step * 60 * 20);
    const [row] = await db
      .insert(offerRequests)
      .values({
        number: await nextDocumentCode(db, 'OR', createdAt),
        customerId: accounts.jan,
        status: offer.statuses.at(-1)!,
        note: offer.note,
        language: 'pl',
        assignedTo: offer.statuses.length > 1 ? accounts.sales : null,
        statusChangedAt: stepAt(offer.statuses.length - 1),
        createdAt,
        updatedAt: stepAt(offer.statuses.length - 1),
      })
      .returning({ id: offerRequests.id });
    const offerRequestId = row!.id;
    await db.insert(offerRequestItems).values(
      offer.items.map(([symbol, amount], sortOrder) => {
        const part = bySymbol.get(symbol);
        if (!part) throw new Error(`demo offer names unknown part ${symbol}`);
        return { offerRequestId, partId: part.id, symbol, name: part.name, amount, sortOrder };
      }),
    );
    await db.insert(offerRequestStatusHistory).values(
      offer.statuses.map((toStatus, step) => ({
        offerRequestId,
        fromStatus: step === 0 ? null : offer.statuses[step - 1]!,
        toStatus,
        changedBy: step === 0 ? accounts.jan : accounts.sales,
        changedAt: stepAt(step),
      })),
    );
  }
}
