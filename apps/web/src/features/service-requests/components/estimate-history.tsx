import type { EstimateChange } from '@care/contract/service-requests';
import { Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '#app/lib/date-time.ts';

/**
 * Every change of the estimated completion date (set, moved, cleared), oldest first, with when and by whom: part of
 * the request's history for the customer and for staff (issue 18). Nothing when the estimate never changed.
 */
export function EstimateHistory({ entries }: { entries: readonly EstimateChange[] }) {
  const { t } = useTranslation('rating');
  if (entries.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={3} fz="sm">
        {t('estimate.title')}
      </Title>
      <Timeline active={entries.length - 1} bulletSize={20} lineWidth={2}>
        {entries.map((entry, index) => (
          <Timeline.Item
            key={`${entry.changedAt}-${index}`}
            bullet={<IconCalendarEvent size={12} aria-hidden />}
            title={
              <Text size="sm" fw={600} component="span">
                {entry.toDate === null
                  ? t('estimate.cleared', { from: formatDate(entry.fromDate) })
                  : entry.fromDate === null
                    ? t('estimate.set', { to: formatDate(entry.toDate) })
                    : t('estimate.moved', { from: formatDate(entry.fromDate), to: formatDate(entry.toDate) })}
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
    </Stack>
  );
}
