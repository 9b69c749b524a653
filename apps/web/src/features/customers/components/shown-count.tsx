import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Shown: 50 of 73, the newest first" under a list cut at CUSTOMER_PAGE_LIST_LIMIT; nothing when all are shown. */
export function ShownCount({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation('customers');
  if (shown >= total) return null;
  return (
    <Text size="xs" c="dimmed" mt="xs">
      {t('requests.shown', { shown, total })}
    </Text>
  );
}
