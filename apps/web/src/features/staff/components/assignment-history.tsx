import type { AssignmentEntry } from '@care/contract/staff-desk-fields';
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#app/lib/date-time.ts';

/** Who took, handed over and released the request, oldest first; nothing when nobody ever took it. */
export function AssignmentHistory({ entries }: { entries: readonly AssignmentEntry[] }) {
  const { t } = useTranslation('staff-desk');
  if (entries.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600} mb={4} component="h3">
        {t('panel.history')}
      </Text>
      <List size="sm" spacing={2}>
        {entries.map((entry) => {
          const by = entry.changedBy ?? t('panel.someone');
          const what = !entry.assignee
            ? t('panel.released', { by })
            : entry.assignee.name === entry.changedBy
              ? t('panel.took', { by })
              : t('panel.handed', { by, to: entry.assignee.name });
          return (
            <List.Item key={`${entry.changedAt}-${entry.assignee?.id ?? 'none'}`}>
              <Text span size="sm">
                {what}
              </Text>{' '}
              <Text span size="xs" c="dimmed">
                {formatDateTime(entry.changedAt)}
              </Text>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
