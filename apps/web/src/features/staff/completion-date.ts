/** Days in Poland, where the service department works: 'YYYY-MM-DD' (en-CA writes dates that way). */
const POLISH_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' });

/** The calendar day in Poland of an instant (a Date or an ISO date-time). */
export const dayInPoland = (instant: Date | string): string => POLISH_DAY.format(new Date(instant));

export type CompletionDateProblem = 'required' | 'future' | 'before-report';

/** The texts of the completion date's problems (the server's refusals map to the same). */
export const COMPLETION_PROBLEMS: Record<CompletionDateProblem, string> = {
  required: 'rating:completion.required',
  future: 'rating:completion.future',
  'before-report': 'rating:completion.before-report',
};

/**
 * What the server would refuse in a move to F's completion date: none given, after today in Poland, or before the
 * day the request was reported (the server checks the same; this only saves a round trip).
 */
export function completionDateProblem(
  value: string,
  reportDate: string,
  now: Date = new Date(),
): CompletionDateProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'required';
  if (value > dayInPoland(now)) return 'future';
  if (value < dayInPoland(reportDate)) return 'before-report';
  return null;
}
