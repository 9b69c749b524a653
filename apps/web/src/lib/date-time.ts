/**
 * SPEC §9 formats for instants (ISO date-times from the API) in the reader's own time zone: `YYYY-MM-DD` and
 * `YYYY-MM-DD HH:mm` (24 h). A calendar date without a time (`YYYY-MM-DD`) is shown as it is. A dash for none.
 */
const pad = (value: number) => String(value).padStart(2, '0');

function localParts(value: string): { date: string; time: string } | null {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  return {
    date: `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`,
    time: `${pad(instant.getHours())}:${pad(instant.getMinutes())}`,
  };
}

const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  if (isCalendarDate(value)) return value;
  return localParts(value)?.date ?? '—';
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  if (isCalendarDate(value)) return value;
  const parts = localParts(value);
  return parts ? `${parts.date} ${parts.time}` : '—';
}
