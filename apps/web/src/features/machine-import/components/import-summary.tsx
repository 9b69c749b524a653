import type { MachineImportSummary } from '@care/contract/machine-import';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const ROWS = ['rows', 'created', 'changed', 'unchanged', 'assigned', 'notified'] as const;

/** What an import changed (or a check would change), machine by machine count. */
export function ImportSummary({ summary }: { summary: MachineImportSummary }) {
  const { t } = useTranslation('machine-import');
  return (
    <Table withTableBorder verticalSpacing={4} maw={420}>
      <Table.Caption>{t('summary.caption')}</Table.Caption>
      <Table.Tbody>
        {ROWS.map((key) => (
          <Table.Tr key={key}>
            <Table.Th scope="row" fw={400}>
              {t(`summary.${key}`)}
            </Table.Th>
            <Table.Td ta="right" fw={600} data-testid={`summary-${key}`}>
              {summary[key]}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
