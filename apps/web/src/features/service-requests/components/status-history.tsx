import type { StatusHistoryEntry } from '@care/contract/service-requests';
import { Text, Timeline } from '@mantine/core';
import { IconCircleCheck, IconPoint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#app/lib/date-time.ts';

/** SPEC §2 "status with its history": every change, oldest first, with when and by whom. */
export function StatusHistory({ entries }: { entries: readonly StatusHistoryEntry[] }) {
  const { t } = useTranslation('services');
  return (
    <Timeline active={entries.length - 1} bulletSize={22} lineWidth={2}>
      {entries.map((entry, index) => (
        <Timeline.Item
          key={`${entry.changedAt}-${index}`}
          bullet={
            index === entries.length - 1 ? (
              <IconCircleCheck size={14} aria-hidden />
            ) : (
              <IconPoint size={14} aria-hidden />
            )
          }
          title={
            <Text size="sm" fw={600} component="span">
              {entry.fromStatus === null
                ? `${t('details.history-created')} · ${t(`status.${entry.toStatus}`)}`
                : t(`status.${entry.toStatus}`)}
            </Text>
          }
        >
          <Text size="xs" c="dimmed">
            <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt)}</time>
            {entry.changedBy ? ` · ${entry.changedBy}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
