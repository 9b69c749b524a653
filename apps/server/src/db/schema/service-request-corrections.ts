import type { TranslatedText } from '@care/contract/translations';
import { CORRECTION_FIELDS } from '@care/contract/intake';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintRef, checkIn, id, timestamptz } from './columns.ts';
import { serviceRequests } from './service-requests.ts';
import { users } from './users.ts';

/**
 * Corrections of a request's machine, transport type or delivery place by staff (docs/decisions/064): one row per
 * field changed, with the values as they read then (a machine "name (serial)", a choice's translated label; null:
 * none), so the history reads the same after a machine is renamed or a choice retired. The codes are kept too.
 */
export const serviceRequestCorrections = pgTable(
  'service_request_corrections',
  {
    id: id(),
    serviceRequestId: bigintRef('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    field: text('field', { enum: CORRECTION_FIELDS }).notNull(),
    /** The machine's id or the choice's code, before and after. */
    fromValue: text('from_value'),
    toValue: text('to_value'),
    fromLabel: jsonb('from_label').$type<TranslatedText>(),
    toLabel: jsonb('to_label').$type<TranslatedText>(),
    /** Why (for staff; the customer's view leaves it out). */
    reason: text('reason').notNull(),
    changedBy: bigintRef('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (t) => [
    index('service_request_corrections_request_idx').on(t.serviceRequestId, t.changedAt),
    index('service_request_corrections_changed_by_idx').on(t.changedBy),
    checkIn('service_request_corrections_field_check', t.field, CORRECTION_FIELDS),
  ],
);
