import { translate } from '@care/contract/translations';
import { Text, Timeline } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { formatDateTime } from '#app/lib/date-time.ts';
import { requestRecordQuery } from '../api.ts';

interface CorrectionHistoryProps {
  requestKey: QueryKey;
  id: string;
}

/**
 * The corrections of the request's machine, transport type and delivery place, oldest first: from → to, who and
 * when, and for staff the reason (the customer's answer carries none). Nothing when there were none.
 */
export function CorrectionHistory({ requestKey, id }: CorrectionHistoryProps) {
  const { t, i18n } = useTranslation('intake');
  const corrections = useQuery(requestRecordQuery(requestKey, id)).data?.corrections ?? [];
  if (corrections.length === 0) return null;
  const none = t('history.none');
  return (
    <SectionCard icon={IconPencil} title={t('history.title')}>
      <Timeline bulletSize={14} lineWidth={2} color="field" active={corrections.length - 1}>
        {corrections.map((entry, index) => (
          <Timeline.Item
            key={`${entry.changedAt}-${index}`}
            title={
              <Text size="sm" fw={600}>
                {t(`fields.${entry.field}`)}
              </Text>
            }
          >
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('history.change', {
                from: entry.from ? translate(entry.from, i18n.language) : none,
                to: entry.to ? translate(entry.to, i18n.language) : none,
              })}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt)}</time>
              {' · '}
              {t('history.by', { name: entry.changedBy })}
            </Text>
            {entry.reason ? (
              <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <Text component="span" size="sm" fw={600}>
                  {t('history.reason')}:
                </Text>{' '}
                {entry.reason}
              </Text>
            ) : null}
          </Timeline.Item>
        ))}
      </Timeline>
    </SectionCard>
  );
}
