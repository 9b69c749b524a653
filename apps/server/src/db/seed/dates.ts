const DAY_MS = 24 * 60 * 60 * 1000;

/** `days` after `from` (negative: before), as the 'YYYY-MM-DD' a `date` column takes. */
export function dayOffset(from: Date, days: number): string {
  return new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** A moment `days` (fractional allowed) before `from`. */
export function daysBefore(from: Date, days: number): Date {
  return new Date(from.getTime() - days * DAY_MS);
}

/** A moment `minutes` after `from`. */
export function minutesAfter(from: Date, minutes: number): Date {
  return new Date(from.getTime() + minutes * 60 * 1000);
}
