import { verify } from '@node-rs/argon2';
import { and, asc, eq, gte, isNull, like, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.ts';
import { cardPositions, catalogCards, catalogFolders, parts } from '#app/db/schema/catalog.ts';
import { cannedReplies } from '#app/db/schema/canned-replies.ts';
import { chatMessages, chatUnreadCounts } from '#app/db/schema/chat.ts';
import { machines } from '#app/db/schema/machines.ts';
import { offerRequests } from '#app/db/schema/offers.ts';
import { serviceRequests, serviceRequestStatusHistory } from '#app/db/schema/service-requests.ts';
import { users } from '#app/db/schema/users.ts';
import { normalizeSearchText } from '@care/contract/search-text';
import { normalizeSymbol } from '#app/db/search-text.ts';
import { createTestDatabase } from '#app/test/app.ts';
import { type DemoSeedResult, seedDemoData } from './demo.ts';

const NOW = new Date('2026-07-04T09:00:00Z');
const TABLES = { users, machines, serviceRequests, chatMessages, parts, cardPositions, offerRequests };

async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    return cause?.code ?? code;
  }
}

describe('demo data', () => {
  let database: Database;
  let seeded: DemoSeedResult | null;
  const counts = async () => {
    const result: Record<string, number> = {};
    for (const [name, table] of Object.entries(TABLES)) result[name] = await database.db.$count(table);
    return result;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    seeded = await seedDemoData(database.db, { now: NOW });
  });
  afterAll(async () => {
    await database.close();
  });

  it('creates an active, confirmed account for every role, all with the one demo password', async () => {
    expect(seeded).not.toBeNull();
    expect(seeded!.password.length).toBeGreaterThanOrEqual(12);
    expect(seeded!.accounts.map((account) => account.email)).toEqual([
      'jan.kowalski@example.com',
      'anna.schmidt@example.com',
      'serwis@agromech.example',
      'czesci@agromech.example',
      'admin@agromech.example',
    ]);
    const rows = await database.db.select().from(users).orderBy(asc(users.id));
    expect(rows.map((row) => row.role).sort()).toEqual(['admin', 'customer', 'customer', 'sales', 'service']);
    for (const row of rows) {
      expect(row.status).toBe('active');
      expect(row.emailConfirmedAt).not.toBeNull();
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
    expect(await verify(rows[0]!.passwordHash, seeded!.password)).toBe(true);
    expect(rows.find((row) => row.email === 'anna.schmidt@example.com')!.language).toBe('de');
  });

  it('declares free serial numbers that exist and belong to nobody', async () => {
    expect(seeded!.freeSerialNumbers.length).toBeGreaterThanOrEqual(2);
    for (const serialNumber of seeded!.freeSerialNumbers) {
      const [machine] = await database.db
        .select()
        .from(machines)
        .where(eq(machines.serialNumber, serialNumber));
      expect(machine).toBeDefined();
      expect(machine!.ownerId).toBeNull();
    }
    const unowned = await database.db
      .select({ id: machines.id })
      .from(machines)
      .where(isNull(machines.ownerId));
    expect(unowned.length).toBeGreaterThanOrEqual(30);
  });

  it('gives Jan machines whose guarantee ends within 30 days, has ended, and runs for years', async () => {
    const [jan] = await database.db.select().from(users).where(eq(users.email, 'jan.kowalski@example.com'));
    const owned = await database.db.select().from(machines).where(eq(machines.ownerId, jan!.id));
    const today = NOW.toISOString().slice(0, 10);
    const in30Days = new Date(NOW.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    const inAYear = new Date(NOW.getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
    const ends = owned
      .map((machine) => machine.guaranteeEndDate)
      .filter((end): end is string => end !== null);
    expect(ends.some((end) => end >= today && end <= in30Days)).toBe(true);
    expect(ends.some((end) => end < today)).toBe(true);
    expect(ends.some((end) => end > inAYear)).toBe(true);
    expect(new Set(owned.map((machine) => machine.status)).size).toBeGreaterThanOrEqual(3);
  });

  it('gives Jan service requests in several statuses, each with a history that starts at N', async () => {
    const requests = await database.db
      .select()
      .from(serviceRequests)
      .orderBy(asc(serviceRequests.reportDate));
    expect(requests.length).toBeGreaterThanOrEqual(4);
    expect(new Set(requests.map((request) => request.status)).size).toBeGreaterThanOrEqual(4);
    // Numbered per year of the report date, in report order.
    expect(requests.map((request) => request.code)).toEqual([
      'SR/2025/000001',
      'SR/2026/000001',
      'SR/2026/000002',
      'SR/2026/000003',
      'SR/2026/000004',
    ]);
    for (const request of requests) {
      const history = await database.db
        .select()
        .from(serviceRequestStatusHistory)
        .where(eq(serviceRequestStatusHistory.serviceRequestId, request.id))
        .orderBy(asc(serviceRequestStatusHistory.changedAt));
      expect(history[0]).toMatchObject({ fromStatus: null, toStatus: 'N' });
      expect(history.at(-1)!.toStatus).toBe(request.status);
    }
  });

  it('keeps an internal note on one of Jan’s requests that his unread counts leave out, and canned replies', async () => {
    const db = database.db;
    const notes = await db
      .select({ request: chatMessages.serviceRequestId })
      .from(chatMessages)
      .where(eq(chatMessages.internal, true));
    expect(notes).toHaveLength(1);
    const [jan] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'jan.kowalski@example.com'));
    const janId = jan!.id;
    const [counter] = await db
      .select({ count: chatUnreadCounts.unreadCount })
      .from(chatUnreadCounts)
      .where(
        and(eq(chatUnreadCounts.userId, janId), eq(chatUnreadCounts.serviceRequestId, notes[0]!.request)),
      );
    // The staff's reply after the note, not the note.
    expect(counter?.count).toBe(1);
    const replies = await db.select().from(cannedReplies);
    expect(replies.length).toBeGreaterThanOrEqual(3);
    expect(replies.some((reply) => reply.textDe === null)).toBe(true);
  });

  it('builds a three-level catalogue whose hotspots sit on the numbered circles of each drawing', async () => {
    const mainFolders = await database.db
      .select()
      .from(catalogFolders)
      .where(isNull(catalogFolders.parentId));
    expect(mainFolders).toHaveLength(3);
    const partCount = (await database.db.select({ id: parts.id }).from(parts)).length;
    expect(partCount).toBeGreaterThanOrEqual(200);
    const cards = await database.db.select().from(catalogCards);
    for (const card of cards) {
      const positions = await database.db
        .select()
        .from(cardPositions)
        .where(eq(cardPositions.cardId, card.id));
      expect(positions.length).toBeGreaterThanOrEqual(10);
      expect(positions.length).toBeLessThanOrEqual(25);
      for (const position of positions) {
        const [spot] = position.hotspots;
        expect(card.drawingSvg).toContain(`<circle cx="${spot!.x}" cy="${spot!.y}" r="${spot!.r}"`);
        expect(card.drawingSvg).toContain(`data-position="${position.positionNumber}"`);
      }
      // Well-formed enough for an <img>: no tag repeats an attribute (browsers reject such SVG files).
      for (const tag of card.drawingSvg!.match(/<[a-z]+\s[^>]*>/g) ?? []) {
        const names = [...tag.matchAll(/\s([a-z-]+)=/g)].map((match) => match[1]);
        expect(new Set(names).size, tag).toBe(names.length);
      }
    }
  });

  it('finds parts by a name typed without Polish letters and by a symbol prefix', async () => {
    const byName = await database.db
      .select({ symbol: parts.symbol })
      .from(parts)
      .where(like(parts.searchText, `%${normalizeSearchText('łożysko kulkowe 6205')}%`));
    expect(byName.map((part) => part.symbol)).toContain('AM-9040-030');
    const prefix = normalizeSymbol('AM-4111');
    const bySymbol = await database.db
      .select({ symbol: parts.symbol })
      .from(parts)
      .where(
        and(
          gte(sql`${parts.symbolNormalized} COLLATE "C"`, prefix),
          lt(sql`${parts.symbolNormalized} COLLATE "C"`, `${prefix}~`),
        ),
      );
    expect(bySymbol.length).toBeGreaterThanOrEqual(10);
    expect(bySymbol.every((part) => part.symbol.startsWith('AM-4111-'))).toBe(true);
  });

  it('does nothing when run again on a database that has users', async () => {
    const before = await counts();
    expect(await seedDemoData(database.db, { now: NOW })).toBeNull();
    expect(await counts()).toEqual(before);
  });

  it('refuses unknown status codes', async () => {
    const [machine] = await database.db.select().from(machines).limit(1);
    const [request] = await database.db.select().from(serviceRequests).limit(1);
    expect(
      await sqlState(
        database.db
          .update(machines)
          .set({ status: 'Q' as never })
          .where(eq(machines.id, machine!.id)),
      ),
    ).toBe('23514');
    expect(
      await sqlState(
        database.db
          .update(serviceRequests)
          .set({ status: 'Z' as never })
          .where(eq(serviceRequests.id, request!.id)),
      ),
    ).toBe('23514');
    expect(
      await sqlState(
        database.db.execute(
          sql`UPDATE offer_requests SET status = 'paid' WHERE id = (SELECT min(id) FROM offer_requests)`,
        ),
      ),
    ).toBe('23514');
  });
});

// Only real PostgreSQL has several connections that can race; PGlite is one connection in this process.
describe.runIf(process.env.TEST_DATABASE_URL)('demo data with several instances starting together', () => {
  it('is inserted once when two instances seed the same empty database at the same time', async () => {
    const database = await createTestDatabase();
    try {
      const results = await Promise.all([seedDemoData(database.db), seedDemoData(database.db)]);
      expect(results.filter((result) => result !== null)).toHaveLength(1);
      expect(await database.db.$count(users)).toBe(5);
    } finally {
      await database.close();
    }
  });
});
