import { z } from 'zod';
import { LIMITS } from './limits.ts';

/*
 * Paged lists (machines, service requests): `?page=1&pageSize=20&sort=name&order=asc` plus each list's filters,
 * answered as `{ items, total, page, pageSize }`. Pages count from 1; the server sorts, filters and pages.
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;

/** Typed input (not zod's `unknown` for coerce), so a client can build the query from the schema's input type. */
export const pageField = z.coerce.number<number | string>().int().min(1).max(100_000).default(1);
export const pageSizeField = z.coerce
  .number<number | string>()
  .int()
  .min(1)
  .max(LIMITS.pageSizeMax)
  .default(LIMITS.pageSizeDefault);

/**
 * A list's search text: trimmed. SPEC §5: a search needs LIMITS.searchMinLength characters, so a shorter text
 * (or '') means no filter, in every list as in the parts search; the server then ignores case and diacritics
 * (apps/server/src/db/search-text.ts).
 */
export const textFilterField = z
  .string()
  .trim()
  .max(100, 'form.max-length')
  .optional()
  .transform((value) => (value && value.length >= LIMITS.searchMinLength ? value : undefined));

/**
 * An id in a path, a query or a form field (ids travel as strings): a decimal number from 1, without leading
 * zeros, of at most 15 digits (below 2^53: Number() keeps it exact). Rows are numbered by identity columns from 1,
 * so "0" or "007" names no row: refused as malformed (VALIDATION_FAILED) rather than looked up, as the chat always
 * did. One spelling per id also keeps cache keys apart and ordering by length exact (the web's compareIds).
 */
export const ID_PATTERN = /^[1-9]\d{0,14}$/;
export const IdSchema = z.string().regex(ID_PATTERN);

/**
 * A filter on several codes: `?status=N,C` or `?status=N&status=C` (a query string gives one value as a
 * string and a repeated one as an array). No value means no filter.
 */
export function codesFilterField<const T extends readonly [string, ...string[]]>(codes: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).filter(Boolean),
    )
    .pipe(z.array(z.enum(codes)).max(codes.length * 2))
    .optional();
}

/** `{ items, total, page, pageSize }`: one page of a list and the number of rows matching the filters. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
