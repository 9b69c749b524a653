import type { MachineImportHistory } from '@care/contract/machine-import';
import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ImportProgressProps {
  /** The share of the file sent so far (0–1). */
  uploaded: number;
  /** The latest runs: the newest running one is this upload's, read by the server as it arrives. */
  history: MachineImportHistory;
}

/** While an import runs: how much of the file is sent, and how many rows the server has read and checked. */
export function ImportProgress({ uploaded, history }: ImportProgressProps) {
  const { t } = useTranslation('machine-import');
  const running = history.find((run) => run.status === 'running');
  const percent = Math.round(uploaded * 100);
  return (
    <Stack gap="xs" role="status">
      <Text size="sm" fw={600}>
        {t('progress.title')}
      </Text>
      <Progress value={percent} aria-label={t('progress.upload', { percent })} size="lg" />
      <Text size="sm">{t('progress.upload', { percent })}</Text>
      <Text size="sm">{t('progress.rows', { count: running?.rowsRead ?? 0 })}</Text>
    </Stack>
  );
}
