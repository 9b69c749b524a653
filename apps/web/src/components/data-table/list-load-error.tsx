import { Button, Paper } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#app/components/layout/empty-state.tsx';

/** In place of a list whose page could not be loaded (the error notice has said why): a way to try again. */
export function ListLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('layout');
  return (
    <Paper withBorder radius="md">
      <EmptyState icon={IconAlertTriangle} title={t('table.load-error')}>
        <Button
          variant="light"
          h={40}
          leftSection={<IconRefresh size={18} aria-hidden />}
          loading={retrying}
          onClick={onRetry}
        >
          {t('table.retry')}
        </Button>
      </EmptyState>
    </Paper>
  );
}
