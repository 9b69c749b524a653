/** Numbers and durations per language (the figures' labels, tooltips and tables). */

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** Seconds as hours with one decimal ("5.5" / "5,5"); a dash when there is nothing to measure. */
export function formatHours(seconds: number | null, language: string): string {
  if (seconds === null) return '—';
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(seconds / 3600);
}

/** Seconds as days with one decimal; a dash when there is nothing to measure. */
export function formatDays(seconds: number | null, language: string): string {
  if (seconds === null) return '—';
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(seconds / 86_400);
}

export function formatPercent(part: number, whole: number, language: string): string {
  if (whole === 0) return '—';
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(part / whole);
}

/** A week by its Monday, short ("15.06." / "6/15"), for an axis; the table names the whole day. */
export function formatWeek(monday: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${monday}T00:00:00Z`),
  );
}
