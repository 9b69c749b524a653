/** SPEC §9: dates as year-month-day; the API sends ISO dates and timestamps. A dash for no date. */
export function displayDate(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '—';
}
