import type { CatalogImportSummary } from '@care/contract/catalog-import';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const ENTITIES = ['folders', 'cards', 'parts', 'positions', 'files'] as const;

/** Created / updated / unchanged per kind of record. */
export function ImportSummary({ summary }: { summary: CatalogImportSummary }) {
  const { t } = useTranslation('admin');
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table striped withTableBorder verticalSpacing="xs" horizontalSpacing="xs" fz="sm">
        <Table.Caption>{t('catalog-import.summary.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('catalog-import.summary.entity')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('catalog-import.summary.created')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('catalog-import.summary.updated')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('catalog-import.summary.unchanged')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ENTITIES.map((entity) => (
            <Table.Tr key={entity}>
              <Table.Th scope="row" fw={500}>
                {t(`catalog-import.summary.${entity}`)}
              </Table.Th>
              <Table.Td ta="right">{summary[entity].created}</Table.Td>
              <Table.Td ta="right">{summary[entity].updated}</Table.Td>
              <Table.Td ta="right">{summary[entity].unchanged}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
