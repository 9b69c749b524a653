/**
 * "5 minutes ago", "vor 2 Stunden", "3 dni temu": how long ago an instant was, in the reader's language, by the
 * platform's Intl.RelativeTimeFormat (no library: the browser has every plural form of our languages).
 */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

const formats = new Map<string, Intl.RelativeTimeFormat>();

export function formatRelativeTime(value: string, language: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(value) - now) / 1000);
  let format = formats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
    formats.set(language, format);
  }
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'minute');
}
