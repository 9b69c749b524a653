import type { CatalogImportProblem } from '@care/contract/catalog-import';
import { Code, Paper, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PhoneCards } from '#app/components/layout/phone-cards.tsx';

/** "Part X-P-100", "Part, CSV line 12", "Card #3": what a person searches the file for. */
function recordOf(problem: CatalogImportProblem, t: TFunction<'admin'>): string {
  const entity = t(`catalog-import.entity.${problem.entity}`);
  const place =
    problem.index === null
      ? null
      : problem.source === 'csv'
        ? t('catalog-import.problems.csv-line', { line: problem.index })
        : t('catalog-import.problems.json-item', { index: problem.index });
  return [entity, problem.externalId, place].filter(Boolean).join(' · ');
}

interface ImportProblemsProps {
  /** The problems listed (at most CATALOG_IMPORT_MAX_PROBLEMS). */
  problems: CatalogImportProblem[];
  /** How many there are in all. */
  count: number;
  /** A refused file's errors, or what an import changed on the way (a drawing's removed scripts). */
  kind?: 'problems' | 'warnings';
}

/** Every problem of a file: which record, which field, what is wrong (and the value or limit). */
export function ImportProblems({ problems, count, kind = 'problems' }: ImportProblemsProps) {
  const { t } = useTranslation('admin');
  const caption = t(`catalog-import.${kind}.caption`, { count });
  const rows = problems.map((problem, i) => ({ key: String(i), problem }));
  const message = (problem: CatalogImportProblem) => t(`catalog-import.problem.${problem.code}`);
  return (
    <Stack gap="sm">
      {count > problems.length ? (
        <Text size="sm" c="dimmed">
          {t(`catalog-import.${kind}.more`, { shown: problems.length, count })}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={560} visibleFrom="sm">
        <Table striped withTableBorder verticalSpacing="xs">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('catalog-import.problems.record')}</Table.Th>
              <Table.Th scope="col">{t('catalog-import.problems.field')}</Table.Th>
              <Table.Th scope="col">{t(`catalog-import.${kind}.problem`)}</Table.Th>
              <Table.Th scope="col">{t('catalog-import.problems.value')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ key, problem }) => (
              <Table.Tr key={key}>
                <Table.Td>{recordOf(problem, t)}</Table.Td>
                <Table.Td>{problem.field ? <Code>{problem.field}</Code> : '—'}</Table.Td>
                <Table.Td>{message(problem)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{problem.detail ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PhoneCards
        caption={caption}
        rows={rows}
        rowKey={(row) => row.key}
        empty={null}
        renderCard={({ problem }) => (
          <Paper withBorder radius="md" p="sm">
            <Text fw={600} size="sm">
              {recordOf(problem, t)}
            </Text>
            {problem.field ? (
              <Text size="sm">
                {t('catalog-import.problems.field')}: <Code>{problem.field}</Code>
              </Text>
            ) : null}
            <Text size="sm">{message(problem)}</Text>
            {problem.detail ? (
              <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
                {problem.detail}
              </Text>
            ) : null}
          </Paper>
        )}
      />
    </Stack>
  );
}
