import { WORKING_HOURS_PER_DAY } from '@care/contract/service-times';

const MINUTES_PER_DAY = WORKING_HOURS_PER_DAY * 60;
const formats = new Map<string, Intl.NumberFormat>();

function unitFormat(language: string, unit: 'minute' | 'hour' | 'day'): Intl.NumberFormat {
  const key = `${language}:${unit}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: 0,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * Working time (docs/decisions/066: a working day is 8 hours) in its largest sensible unit, short, without a sign:
 * "45 min", "3 godz.", "2 Tg.". Under an hour in minutes, under a working day in hours, then in working days.
 */
export function formatWorkingTime(minutes: number, language: string): string {
  const amount = Math.abs(minutes);
  if (amount < 60) return unitFormat(language, 'minute').format(Math.max(1, Math.round(amount)));
  if (amount < MINUTES_PER_DAY) return unitFormat(language, 'hour').format(Math.round(amount / 60));
  return unitFormat(language, 'day').format(Math.round(amount / MINUTES_PER_DAY));
}
