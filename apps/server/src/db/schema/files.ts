import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Stored uploads (attachments, chat files, imported drawings and part images). The bytes live in the file
 * store under `storage_key`, a random name unrelated to the original one. The id is a uuid because it
 * appears in download links; access is still checked through the row that links the file.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    /** Detected from the magic bytes, not taken from the upload's header. */
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: bigintRef('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('files_storage_key_key').on(t.storageKey),
    index('files_uploaded_by_idx').on(t.uploadedBy),
    // Clean-up of uploads never linked to anything.
    index('files_created_at_idx').on(t.createdAt),
    check('files_size_bytes_check', sql`${t.sizeBytes} >= 0`),
  ],
);
