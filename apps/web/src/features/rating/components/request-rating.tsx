import type { ServiceRequestDetails } from '@care/contract/service-requests';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '#app/lib/notify.ts';
import { useRateRequest } from '../api.ts';
import { RatingForm } from './rating-form.tsx';
import { RatingView } from './rating-view.tsx';

interface RequestRatingProps {
  request: Pick<ServiceRequestDetails, 'id' | 'rating' | 'canRate'>;
  /** After a rating (or a refusal: someone rated meanwhile) the page fetches the request again. */
  onRated: () => void;
}

/** The customer's confirmation and rating of a finished request on its page: the form once, then the rating. */
export function RequestRating({ request, onRated }: RequestRatingProps) {
  const { t } = useTranslation('rating');
  const rate = useRateRequest(request.id);
  if (request.rating) {
    return (
      <Stack gap="sm">
        <Text size="sm">{t('request.thanks')}</Text>
        <RatingView rating={request.rating} />
      </Stack>
    );
  }
  if (!request.canRate) return null;
  return (
    <Stack gap="md">
      <Text size="sm">{t('request.intro')}</Text>
      <RatingForm
        pending={rate.isPending}
        onSubmit={(input) =>
          rate.mutate(input, {
            onSuccess: () => {
              notify('SUCCESS', { title: t('title'), message: t('success') });
              onRated();
            },
            onError: (error) => {
              notify('ERROR', { title: t('error'), message: error.message });
              onRated();
            },
          })
        }
      />
    </Stack>
  );
}
