import type { OfferRequestItem } from '@care/contract/offers';
import { translate } from '@care/contract/translations';
import { Group, Paper, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTableFrame } from '#app/components/layout/data-table-frame.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';

/** The lines of an offer request with the names as they were sent, in the reader's language where there is one. */
export function OfferRequestItems({ items }: { items: readonly OfferRequestItem[] }) {
  const { t, i18n } = useTranslation('cart');
  const nameOf = (item: OfferRequestItem) => translate(item.name, i18n.language) || item.symbol;
  const removed = (item: OfferRequestItem) =>
    item.partId === null ? (
      <Text size="xs" c="dimmed">
        {t('offers.removed-part')}
      </Text>
    ) : null;
  const columns: Column<OfferRequestItem & { key: string }>[] = [
    {
      key: 'name',
      label: t('offers.fields.name'),
      render: (item) => (
        <div>
          <Text size="sm" fw={500}>
            {nameOf(item)}
          </Text>
          {removed(item)}
        </div>
      ),
    },
    {
      key: 'symbol',
      label: t('offers.fields.symbol'),
      render: (item) => (
        <Text size="sm" ff="monospace">
          {item.symbol}
        </Text>
      ),
    },
    { key: 'amount', label: t('offers.fields.amount'), render: (item) => item.amount },
  ];
  const rows = items.map((item, index) => ({ ...item, key: String(index) }));
  return (
    <DataTableFrame
      caption={t('offers.items-title')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      minWidth={480}
      nested
      empty={<EmptyState icon={IconPackage} title={t('offers.no-items')} size="sm" />}
      renderCard={(item) => (
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {nameOf(item)}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {item.symbol}
              </Text>
              {removed(item)}
            </div>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {t('offers.amount-short', { amount: item.amount })}
            </Text>
          </Group>
        </Paper>
      )}
    />
  );
}
