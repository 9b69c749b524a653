import type { OfferRequestDetails } from '@care/contract/offers';
import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#app/lib/date-time.ts';

/** Every status the request has had, oldest first, with when it changed. */
export function OfferRequestHistory({ history }: { history: OfferRequestDetails['history'] }) {
  const { t } = useTranslation('cart');
  return (
    <Timeline active={history.length - 1} bulletSize={14} lineWidth={2}>
      {history.map((entry) => (
        <Timeline.Item
          key={`${entry.toStatus}-${entry.changedAt}`}
          title={t(`offers.status.${entry.toStatus}`)}
        >
          <Text size="sm" c="dimmed">
            {formatDateTime(entry.changedAt)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
