import type { Role } from '@care/contract/statuses';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users } from '../schema/users.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, insertAccounts } from './accounts.ts';
import { insertCannedReplies } from './canned-replies.ts';
import { insertCatalog } from './catalog.ts';
import { FREE_SERIAL_NUMBERS } from './free-serials.ts';
import { insertMachines } from './machines.ts';
import { insertOffers } from './offers.ts';
import type { PicturesTarget } from './part-pictures.ts';
import { createRandom } from './random.ts';
import { insertServiceRequests } from './service-requests.ts';

export interface DemoSeedResult {
  password: string;
  accounts: { role: Role; email: string; name: string }[];
  freeSerialNumbers: string[];
}

export interface DemoSeedOptions {
  /** "Today" of the data (guarantee ends, request dates are relative to it); tests pin it. */
  now?: Date;
  /** Where the catalogue's part pictures go (the server's file store); without it parts have no pictures. */
  pictures?: PicturesTarget;
}

/** Transaction-scoped advisory lock: instances starting together seed once, the others find data. */
const SEED_LOCK = 7_000_002;
const SEED = 20_260_704;

/**
 * Fills an empty database with the AgroMech demo: accounts of every role, machines (some free to
 * register), Jan Kowalski's service requests with chat and offer requests, and a parts catalogue with
 * drawings. Does nothing and returns null when any user exists, so it is safe on every start.
 * Deterministic apart from dates, which are relative to `now`.
 */
export async function seedDemoData(db: Db, options: DemoSeedOptions = {}): Promise<DemoSeedResult | null> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing.length > 0) return null;

    const random = createRandom(SEED);
    const accounts = await insertAccounts(tx, now);
    const machines = await insertMachines(tx, accounts, random, now);
    await insertServiceRequests(tx, accounts, machines, now);
    await insertCannedReplies(tx, accounts.service);
    const catalog = await insertCatalog(tx, random, options.pictures);
    await insertOffers(tx, accounts, catalog, now);

    return {
      password: DEMO_PASSWORD,
      accounts: DEMO_ACCOUNTS.map((account) => ({
        role: account.role,
        email: account.email,
        name: `${account.firstName} ${account.lastName}`,
      })),
      freeSerialNumbers: [...FREE_SERIAL_NUMBERS],
    };
  });
}
