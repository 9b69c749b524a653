import type { CatalogImportHistoryItem } from '@care/contract/catalog-import';
import { Paper, Stack, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { PhoneCards } from '#app/components/layout/phone-cards.tsx';
import { StatusBadge, type StatusTone } from '#app/components/layout/status-badge.tsx';
import { formatDateTime } from '#app/lib/date-time.ts';

const TONE = { imported: 'done', checked: 'new', failed: 'negative' } as const satisfies Record<
  CatalogImportHistoryItem['status'],
  StatusTone
>;

function outcomeOf(item: CatalogImportHistoryItem, t: TFunction<'admin'>): string {
  if (!item.summary) return t('catalog-import.history.problems', { count: item.problemCount });
  const sum = (key: 'created' | 'updated' | 'unchanged') =>
    Object.values(item.summary!).reduce((total, counts) => total + counts[key], 0);
  return t('catalog-import.history.outcome', {
    created: sum('created'),
    updated: sum('updated'),
    unchanged: sum('unchanged'),
  });
}

function ImportStatus({ item }: { item: CatalogImportHistoryItem }) {
  const { t } = useTranslation('admin');
  return <StatusBadge tone={TONE[item.status]} label={t(`catalog-import.history.status.${item.status}`)} />;
}

/** The latest imports and checks: when, who, which files, and what came of it. */
export function ImportHistory({ items }: { items: CatalogImportHistoryItem[] }) {
  const { t } = useTranslation('admin');
  const caption = t('catalog-import.history.caption');
  const who = (item: CatalogImportHistoryItem) => item.userName ?? t('catalog-import.history.cli');
  const empty = <EmptyState icon={IconHistory} title={t('catalog-import.history.empty')} size="sm" />;
  return (
    <Stack gap="sm">
      {items.length === 0 ? (
        <Paper visibleFrom="sm">{empty}</Paper>
      ) : (
        <Table.ScrollContainer minWidth={640} visibleFrom="sm">
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('catalog-import.history.when')}</Table.Th>
                <Table.Th scope="col">{t('catalog-import.history.who')}</Table.Th>
                <Table.Th scope="col">{t('catalog-import.history.files')}</Table.Th>
                <Table.Th scope="col">{t('catalog-import.history.status-column')}</Table.Th>
                <Table.Th scope="col">{t('catalog-import.history.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.createdAt)}</Table.Td>
                  <Table.Td>{who(item)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>
                    {item.fileNames.slice(0, 2).join(', ')}
                  </Table.Td>
                  <Table.Td>
                    <ImportStatus item={item} />
                  </Table.Td>
                  <Table.Td>{outcomeOf(item, t)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PhoneCards
        caption={caption}
        rows={items}
        rowKey={(item) => item.id}
        empty={empty}
        renderCard={(item) => (
          <Paper withBorder radius="md" p="sm">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {formatDateTime(item.createdAt)} · {who(item)}
              </Text>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {item.fileNames.slice(0, 2).join(', ')}
              </Text>
              <div>
                <ImportStatus item={item} />
              </div>
              <Text size="sm">{outcomeOf(item, t)}</Text>
            </Stack>
          </Paper>
        )}
      />
    </Stack>
  );
}
