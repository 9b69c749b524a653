import { RATING_SCORE_MAX } from '@care/contract/rating';
import { Group } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A given score as stars, read out as "4 of 5 stars". */
export function RatingStars({ score, size = 20 }: { score: number; size?: number }) {
  const { t } = useTranslation('rating');
  return (
    <Group gap={2} role="img" aria-label={t('stars', { score, max: RATING_SCORE_MAX })} wrap="nowrap">
      {Array.from({ length: RATING_SCORE_MAX }, (_, index) =>
        index < score ? (
          <IconStarFilled key={index} size={size} color="var(--mantine-color-yellow-6)" aria-hidden />
        ) : (
          <IconStar key={index} size={size} color="var(--mantine-color-gray-5)" aria-hidden />
        ),
      )}
    </Group>
  );
}
