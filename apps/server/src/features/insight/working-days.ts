import { OFFER_QUOTE_WORKING_DAYS } from '@care/contract/insight';
import { type SQL, sql } from 'drizzle-orm';

/**
 * "Quoted within 2 working days" in SQL: the deadline is the sent moment (Poland's local time) moved on by
 * OFFER_QUOTE_WORKING_DAYS working days, Monday to Friday. A request sent on a Saturday or Sunday starts its clock
 * on Monday 00:00. Public holidays are not working-day exceptions (docs/decisions/047: a holiday makes the
 * figure stricter, never kinder).
 *
 * With 2 working days: Mon → Wed, Tue → Thu, Wed → Fri, Thu → Mon, Fri → Tue (same time of day); Sat, Sun → Wed 00:00.
 */
export function quoteDeadlineSql(sentAt: SQL): SQL {
  const days = OFFER_QUOTE_WORKING_DAYS;
  const local = sql`(${sentAt} AT TIME ZONE 'Europe/Warsaw')`;
  const dow = sql`extract(isodow FROM ${local})`;
  // Working days left in the week after the sent day (Mon: 4 … Fri: 0); past them the weekend adds 2 days.
  return sql`(CASE
    WHEN ${dow} >= 6 THEN date_trunc('day', ${local}) + ((8 - ${dow}) + ${days}) * interval '1 day'
    WHEN 5 - ${dow} >= ${days} THEN ${local} + ${days} * interval '1 day'
    ELSE ${local} + (${days} + 2) * interval '1 day'
  END)`;
}

/** True when `quotedAt` (NULL: never quoted) is on or before the deadline of `sentAt`. */
export function quotedInTimeSql(sentAt: SQL, quotedAt: SQL): SQL {
  return sql`(${quotedAt} AT TIME ZONE 'Europe/Warsaw') <= ${quoteDeadlineSql(sentAt)}`;
}
