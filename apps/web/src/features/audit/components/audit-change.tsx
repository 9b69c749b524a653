import type { AuditLogEntry } from '@care/contract/audit';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#app/lib/date-time.ts';

/** A value as a reader recognises it: statuses by their names, instants in SPEC's format, counts as "a: 1". */
function formatValue(entry: AuditLogEntry, field: string, value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'status' && typeof value === 'string') {
    if (entry.subjectType === 'service-request')
      return t(`services:status.${value}`, { defaultValue: value });
    if (entry.subjectType === 'offer-request')
      return t(`cart:offers.status.${value}`, { defaultValue: value });
  }
  if (typeof value === 'boolean') return t(value ? 'admin:audit.yes' : 'admin:audit.no');
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(
        ([key, inner]) =>
          `${t(`admin:audit.fields.${key}`, { defaultValue: key })}: ${formatValue(entry, key, inner, t)}`,
      )
      .join(', ');
  }
  return String(value);
}

/** before → after of an entry, one line per touched field ("Status: New → Under consideration"). */
export function AuditChange({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation(['admin', 'services', 'cart']);
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <>
      {fields.map((field) => {
        const label = t(`audit.fields.${field}`, { defaultValue: field });
        const after = formatValue(entry, field, entry.after?.[field], t);
        const hasBefore = entry.before !== null && field in entry.before;
        return (
          <Text key={field} size="sm" style={{ wordBreak: 'break-word' }}>
            <Text span fw={600} size="sm">
              {label}:
            </Text>{' '}
            {hasBefore ? `${formatValue(entry, field, entry.before?.[field], t)} → ${after}` : after}
          </Text>
        );
      })}
    </>
  );
}
