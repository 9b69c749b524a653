import type { MachineImportHistory } from '@care/contract/machine-import';
import { Paper, Stack, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { PhoneCards } from '#app/components/layout/phone-cards.tsx';
import { StatusBadge, type StatusTone } from '#app/components/layout/status-badge.tsx';
import { formatDateTime } from '#app/lib/date-time.ts';

type Run = MachineImportHistory[number];

const TONE = {
  running: 'progress',
  imported: 'done',
  checked: 'new',
  invalid: 'negative',
  failed: 'negative',
} as const satisfies Record<Run['status'], StatusTone>;

function outcomeOf(run: Run, t: TFunction<'machine-import'>): string {
  if (run.status === 'running') return t('progress.rows', { count: run.rowsRead });
  if (run.summary) return t('history.outcome', run.summary);
  if (run.problemCount) return t('history.problems', { count: run.problemCount });
  return '—';
}

function RunStatus({ run }: { run: Run }) {
  const { t } = useTranslation('machine-import');
  return <StatusBadge tone={TONE[run.status]} label={t(`history.status.${run.status}`)} />;
}

/** The latest imports and checks: when, who, which file, and what came of it. */
export function ImportHistory({ runs }: { runs: MachineImportHistory }) {
  const { t } = useTranslation('machine-import');
  const caption = t('history.caption');
  const who = (run: Run) => run.userName ?? t('history.cli');
  const empty = <EmptyState icon={IconHistory} title={t('history.empty')} size="sm" />;
  return (
    <Stack gap="sm">
      {runs.length === 0 ? (
        <Paper visibleFrom="sm">{empty}</Paper>
      ) : (
        <Table.ScrollContainer minWidth={640} visibleFrom="sm">
          <Table striped withTableBorder verticalSpacing={4}>
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('history.when')}</Table.Th>
                <Table.Th scope="col">{t('history.who')}</Table.Th>
                <Table.Th scope="col">{t('history.file')}</Table.Th>
                <Table.Th scope="col">{t('history.status-column')}</Table.Th>
                <Table.Th scope="col">{t('history.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.map((run) => (
                <Table.Tr key={run.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.createdAt)}</Table.Td>
                  <Table.Td>{who(run)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{run.fileName}</Table.Td>
                  <Table.Td>
                    <RunStatus run={run} />
                  </Table.Td>
                  <Table.Td>{outcomeOf(run, t)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PhoneCards
        caption={caption}
        rows={runs}
        rowKey={(run) => run.id}
        empty={empty}
        renderCard={(run) => (
          <Paper withBorder radius="md" p="sm">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {formatDateTime(run.createdAt)} · {who(run)}
              </Text>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {run.fileName}
              </Text>
              <div>
                <RunStatus run={run} />
              </div>
              <Text size="sm">{outcomeOf(run, t)}</Text>
            </Stack>
          </Paper>
        )}
      />
    </Stack>
  );
}
