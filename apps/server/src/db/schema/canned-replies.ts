import { sql } from 'drizzle-orm';
import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Canned replies of the service department (issue 18): a title and the text in pl (required), en and de (NULL:
 * the Polish text stands in). Shared by all service staff; a few hundred rows at most (CANNED_REPLY_LIMITS).
 */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: id(),
    title: text('title').notNull(),
    textPl: text('text_pl').notNull(),
    textEn: text('text_en'),
    textDe: text('text_de'),
    /** Who last wrote it; NULL once that account is gone. */
    updatedBy: bigintRef('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('canned_replies_title_not_blank', sql`btrim(${t.title}) <> ''`)],
);
