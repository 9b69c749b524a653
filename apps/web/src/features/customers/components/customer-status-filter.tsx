import { CUSTOMER_STATUSES, type CustomerStatus } from '@care/contract/customers';
import { Chip, Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface CustomerStatusFilterProps {
  value: readonly CustomerStatus[];
  onChange: (value: CustomerStatus[]) => void;
}

/** The account statuses the search shows; none chosen shows all. */
export function CustomerStatusFilter({ value, onChange }: CustomerStatusFilterProps) {
  const { t } = useTranslation('customers');
  const labelId = useId();
  return (
    <Group gap="xs" role="group" aria-labelledby={labelId} wrap="wrap">
      <Text id={labelId} size="sm" fw={600} mr={4}>
        {t('list.filter')}
      </Text>
      <Chip.Group
        multiple
        value={[...value]}
        onChange={(next) => onChange(CUSTOMER_STATUSES.filter((status) => next.includes(status)))}
      >
        {CUSTOMER_STATUSES.map((status) => (
          <Chip key={status} value={status} size="sm" variant="outline">
            {t(`status.${status}`)}
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}
