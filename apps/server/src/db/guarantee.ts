import { GUARANTEE_ENDING_DAYS, type GuaranteeState } from '@care/contract/machines';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' (the en-CA form) in Poland; built once, as building a formatter costs far more than using it. */
const POLISH_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' });

/** Today's calendar day in Poland, where the maker's guarantees run, as 'YYYY-MM-DD'. */
export function todayInPoland(now: Date = new Date()): string {
  return POLISH_DAY.format(now);
}

/**
 * Days left and state of a guarantee ending on `endDate` (the last day covered), seen on `today`: the end
 * day itself is 0 days left and still 'ending'; the day after is -1 and 'ended'.
 */
export function guaranteeOf(
  endDate: string | null,
  today: string,
): { guaranteeDaysLeft: number | null; guaranteeState: GuaranteeState } {
  if (!endDate) return { guaranteeDaysLeft: null, guaranteeState: 'none' };
  const daysLeft = Math.round((Date.parse(endDate) - Date.parse(today)) / DAY_MS);
  const guaranteeState = daysLeft < 0 ? 'ended' : daysLeft <= GUARANTEE_ENDING_DAYS ? 'ending' : 'active';
  return { guaranteeDaysLeft: daysLeft, guaranteeState };
}
