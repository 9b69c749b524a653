/**
 * Whether a statement failed on a unique constraint (SQLSTATE 23505), as node-postgres reports it or as Drizzle
 * wraps it: two copies of one submission at once (a double click, a retry while the first was still running),
 * where the second finds what the first stored instead of failing.
 */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';
