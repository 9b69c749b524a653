import type { AuditLogEntry } from '@care/contract/audit';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AUDIT_NAMESPACES, fieldLabelKey, fieldsOf, fieldTypeOf, formatAuditValue } from '../audit-values.ts';

/** before → after of an entry, one line per touched field ("Status: New → Under consideration"). */
export function AuditChange({ entry }: { entry: AuditLogEntry }) {
  const { t, i18n } = useTranslation(AUDIT_NAMESPACES);
  const fields = fieldsOf(entry);
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <>
      {fields.map((field) => {
        const type = fieldTypeOf(entry, field);
        const format = (value: unknown) => formatAuditValue(type, value, t, i18n.language);
        const after = format(entry.after?.[field]);
        const hasBefore = entry.before !== null && field in entry.before;
        return (
          <Text key={field} size="sm" style={{ wordBreak: 'break-word' }}>
            <Text span fw={600} size="sm">
              {t(fieldLabelKey(field), { defaultValue: field })}:
            </Text>{' '}
            {hasBefore ? `${format(entry.before?.[field])} → ${after}` : after}
          </Text>
        );
      })}
    </>
  );
}
