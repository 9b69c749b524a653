import { OFFER_REQUEST_STATUSES, type OfferRequestStatus } from '@care/contract/statuses';
import { Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface OfferInboxFilterValues {
  status: readonly OfferRequestStatus[];
  /** YYYY-MM-DD, days in Poland, both included. */
  sentFrom?: string | undefined;
  sentTo?: string | undefined;
}

interface OfferInboxFiltersProps {
  value: OfferInboxFilterValues;
  onChange: (change: Partial<OfferInboxFilterValues>) => void;
}

/** The statuses the inbox shows (none chosen shows all) and the days the requests were sent; each applies at once. */
export function OfferInboxFilters({ value, onChange }: OfferInboxFiltersProps) {
  const { t } = useTranslation(['staff', 'cart']);
  const labelId = useId();
  return (
    <Stack gap="xs" mb="md">
      <Group gap="xs" role="group" aria-labelledby={labelId} wrap="wrap">
        <Text id={labelId} size="sm" fw={600} mr={4}>
          {t('staff:offers.filter')}
        </Text>
        <Chip.Group
          multiple
          value={[...value.status]}
          onChange={(next) =>
            onChange({ status: OFFER_REQUEST_STATUSES.filter((status) => next.includes(status)) })
          }
        >
          {OFFER_REQUEST_STATUSES.map((status) => (
            <Chip key={status} value={status} size="sm" variant="outline">
              {t(`cart:offers.status.${status}`)}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          type="date"
          size="xs"
          w={150}
          label={t('staff:offers.sent-from')}
          value={value.sentFrom ?? ''}
          max={value.sentTo}
          onChange={(event) => onChange({ sentFrom: event.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          size="xs"
          w={150}
          label={t('staff:offers.sent-to')}
          value={value.sentTo ?? ''}
          min={value.sentFrom}
          onChange={(event) => onChange({ sentTo: event.currentTarget.value || undefined })}
        />
      </Group>
    </Stack>
  );
}
