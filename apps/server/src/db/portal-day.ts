import { sql } from 'drizzle-orm';

/** The portal's time zone: its days (date filters, "today") are days in Poland, whatever the server's zone. */
export const PORTAL_TIME_ZONE = 'Europe/Warsaw';

/**
 * Midnight in Poland at the start of `day` ('YYYY-MM-DD'), or `plusDays` later: a filter "from day A to day B" is
 * `at >= startOfPortalDay(A) AND at < startOfPortalDay(B, 1)`, both days whole.
 */
export const startOfPortalDay = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp AT TIME ZONE ${sql.raw(`'${PORTAL_TIME_ZONE}'`)})`;
