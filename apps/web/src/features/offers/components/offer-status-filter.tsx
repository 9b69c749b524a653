import { OFFER_REQUEST_STATUSES, type OfferRequestStatus } from '@care/contract/statuses';
import { Chip, Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface OfferStatusFilterProps {
  value: readonly OfferRequestStatus[];
  onChange: (value: OfferRequestStatus[]) => void;
}

/** The statuses the inbox shows; none chosen shows all. */
export function OfferStatusFilter({ value, onChange }: OfferStatusFilterProps) {
  const { t } = useTranslation(['staff', 'cart']);
  const labelId = useId();
  return (
    <Group gap="xs" mb="md" role="group" aria-labelledby={labelId} wrap="wrap">
      <Text id={labelId} size="sm" fw={600} mr={4}>
        {t('staff:offers.filter')}
      </Text>
      <Chip.Group
        multiple
        value={[...value]}
        onChange={(next) => onChange(OFFER_REQUEST_STATUSES.filter((status) => next.includes(status)))}
      >
        {OFFER_REQUEST_STATUSES.map((status) => (
          <Chip key={status} value={status} size="sm" variant="outline">
            {t(`cart:offers.status.${status}`)}
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}
