import type { MachineImportProblem } from '@care/contract/machine-import';
import { Code, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PhoneCards } from '#app/components/layout/phone-cards.tsx';

interface ImportProblemsProps {
  /** The bad rows listed (at most MACHINE_IMPORT_MAX_PROBLEMS). */
  problems: MachineImportProblem[];
  /** How many there are in all. */
  count: number;
}

/** Every bad row of a refused file: its line, the column, what is wrong, and the value. */
export function ImportProblems({ problems, count }: ImportProblemsProps) {
  const { t } = useTranslation('machine-import');
  const caption = t('problems.caption', { count });
  const rows = problems.map((problem, i) => ({ key: String(i), problem }));
  const message = (problem: MachineImportProblem) => t(`problem.${problem.code}`, { value: problem.value });
  const line = (problem: MachineImportProblem) => t('problems.line-number', { line: problem.line });
  return (
    <Stack gap="sm">
      {count > problems.length ? (
        <Text size="sm">{t('problems.more', { shown: problems.length, count })}</Text>
      ) : null}
      <Table.ScrollContainer minWidth={560} visibleFrom="sm">
        <Table striped withTableBorder verticalSpacing={4}>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('problems.line')}</Table.Th>
              <Table.Th scope="col">{t('problems.column')}</Table.Th>
              <Table.Th scope="col">{t('problems.problem')}</Table.Th>
              <Table.Th scope="col">{t('problems.value')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ key, problem }) => (
              <Table.Tr key={key}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{line(problem)}</Table.Td>
                <Table.Td>{problem.column ? <Code>{problem.column}</Code> : '—'}</Table.Td>
                <Table.Td>{message(problem)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{problem.value ?? '—'}</Table.Td>
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
              {line(problem)}
              {problem.column ? ' · ' : ''}
              {problem.column ? <Code>{problem.column}</Code> : null}
            </Text>
            <Text size="sm">{message(problem)}</Text>
            {problem.value ? (
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {problem.value}
              </Text>
            ) : null}
          </Paper>
        )}
      />
    </Stack>
  );
}
