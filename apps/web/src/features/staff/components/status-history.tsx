import type { StaffStatusHistoryEntry } from '@care/contract/staff';
import { Group, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#app/lib/date-time.ts';
import { ServiceStatusBadge } from '#app/components/layout/service-status-badge.tsx';

/** Every status the request has had, oldest first, with who changed it and the staff's notes. */
export function StatusHistory({ entries }: { entries: readonly StaffStatusHistoryEntry[] }) {
  const { t } = useTranslation('staff');
  if (entries.length === 0) return <Text c="dimmed">{t('history.empty')}</Text>;
  return (
    <Timeline active={entries.length - 1} bulletSize={14} lineWidth={2} color="field">
      {entries.map((entry, index) => (
        <Timeline.Item
          key={`${entry.changedAt}-${index}`}
          title={
            <Group gap="xs" wrap="wrap">
              <ServiceStatusBadge status={entry.toStatus} />
              {entry.fromStatus === null ? (
                <Text size="sm" c="dimmed" component="span">
                  {t('history.created')}
                </Text>
              ) : null}
            </Group>
          }
        >
          <Text size="sm" c="dimmed" mt={4}>
            <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt)}</time>
            {' · '}
            {t('history.by', { name: entry.changedBy ?? t('history.system') })}
          </Text>
          {entry.note ? (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <Text component="span" size="sm" fw={600}>
                {t('history.note')}:
              </Text>{' '}
              {entry.note}
            </Text>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
