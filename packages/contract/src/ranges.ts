import { z } from 'zod';

/*
 * What the database's columns can hold, checked where a request enters (issue 13, finding 4): an amount of
 * 2147483648 or a date in year 0 passed the schemas and failed in PostgreSQL as a 500. Every integer a request
 * carries into an `integer` column is an `int4Schema`, every calendar day a `calendarDateSchema`; values outside
 * answer 400 with the field's `validation.too_big` / `validation.too_small`.
 */

/** An integer an `integer` (int4) column holds: -2^31 … 2^31-1 (zod's int32). Narrow it with min/max. */
export const int4Schema = z.int32();

/**
 * The first and last calendar day a request may name. PostgreSQL's `date` holds 4713 BC … 5874897 AD but no
 * year 0; ISO's YYYY-MM-DD allows 0000 … 9999. Nothing in the portal (purchases, reports, completions) falls
 * outside these.
 */
export const CALENDAR_DATE_MIN = '1900-01-01';
export const CALENDAR_DATE_MAX = '2999-12-31';

/** A calendar day, YYYY-MM-DD (a real day: no 2026-02-30), between CALENDAR_DATE_MIN and CALENDAR_DATE_MAX. */
export const calendarDateSchema = z.iso.date().check((ctx) => {
  // Not a day at all is reported once, by the format; YYYY-MM-DD strings compare as the days they name.
  if (ctx.issues.length > 0) return;
  if (ctx.value < CALENDAR_DATE_MIN)
    ctx.issues.push({
      code: 'too_small',
      origin: 'date',
      minimum: Date.parse(CALENDAR_DATE_MIN),
      inclusive: true,
      input: ctx.value,
    });
  else if (ctx.value > CALENDAR_DATE_MAX)
    ctx.issues.push({
      code: 'too_big',
      origin: 'date',
      maximum: Date.parse(CALENDAR_DATE_MAX),
      inclusive: true,
      input: ctx.value,
    });
});
