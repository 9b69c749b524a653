import { MACHINE_STATUSES } from '@care/contract/statuses';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { foldSql, machineSearchText } from '../search-text.ts';
import { bigintRef, checkIn, createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Machines ("end products") come from the maker's ERP import; a customer becomes the owner by registering
 * with the serial number. Unowned rows are the serials still free for registration.
 */
export const machines = pgTable(
  'machines',
  {
    id: id(),
    /** Stored trimmed and upper-cased (checked), so lookups of what a customer typed normalise the same way. */
    serialNumber: text('serial_number').notNull(),
    name: text('name').notNull(),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    guaranteeEndDate: date('guarantee_end_date', { mode: 'string' }),
    status: text('status', { enum: MACHINE_STATUSES }).notNull().default('R'),
    dealer: text('dealer'),
    ownerId: bigintRef('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the current owner linked the machine (registration or staff assignment). */
    ownedSince: timestamptz('owned_since'),
    /** The ERP's own key for the row; the import upserts on it. */
    externalId: text('external_id'),
    importedAt: timestamptz('imported_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('machines_serial_number_key').on(t.serialNumber),
    uniqueIndex('machines_external_id_key').on(t.externalId),
    // The customer's machine list (default sort: purchase date, newest first).
    index('machines_owner_purchase_date_idx').on(t.ownerId, t.purchaseDate, t.id),
    // Machines by guarantee end date: the daily reminders (owned machines) and the staff queue's "ending within 30
    // days" filter (any machine with requests, owned or not: so the index is not partial on the owner).
    index('machines_guarantee_end_date_idx').on(t.guaranteeEndDate, t.id),
    // Staff search by a fragment of the serial number or the machine name, case and diacritics ignored
    // (the expression of db/search-text.ts that every machine search uses).
    index('machines_search_text_trgm_idx').using(
      'gin',
      sql`(${foldSql(machineSearchText(sql`${t.name}`, sql`${t.serialNumber}`))}) gin_trgm_ops`,
    ),
    check('machines_serial_number_normalized', sql`${t.serialNumber} = upper(btrim(${t.serialNumber}))`),
    checkIn('machines_status_check', t.status, MACHINE_STATUSES),
  ],
);
