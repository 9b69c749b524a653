import type { ServiceRating } from '@care/contract/rating';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#app/lib/date-time.ts';
import { RatingStars } from './rating-stars.tsx';

/** A request's rating: the stars, the comment and when it was given. */
export function RatingView({ rating }: { rating: ServiceRating }) {
  const { t } = useTranslation('rating');
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap">
        <RatingStars score={rating.score} />
        <Text size="sm" c="dimmed">
          {t('rated-at')} <time dateTime={rating.ratedAt}>{formatDateTime(rating.ratedAt)}</time>
        </Text>
      </Group>
      {rating.comment ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {rating.comment}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('no-comment')}
        </Text>
      )}
    </Stack>
  );
}
