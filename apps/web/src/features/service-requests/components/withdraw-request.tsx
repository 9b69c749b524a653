import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '#app/components/layout/app-modal.tsx';

interface WithdrawRequestProps {
  code: string;
  onConfirm: (done: () => void) => void;
  pending: boolean;
}

/** The customer's one status change (docs/design.md: N → X while pending), behind a confirmation: it cannot be undone. */
export function WithdrawRequest({ code, onConfirm, pending }: WithdrawRequestProps) {
  const { t } = useTranslation(['services', 'common']);
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button
        color="red"
        variant="light"
        h={40}
        leftSection={<IconArrowBackUp size={18} aria-hidden />}
        onClick={dialog.open}
      >
        {t('withdraw.button')}
      </Button>
      <AppModal
        opened={opened}
        onClose={dialog.close}
        title={t('withdraw.title', { code })}
        closeLabel={t('common:actions.close')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('withdraw.text')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" h={40} onClick={dialog.close} disabled={pending}>
              {t('withdraw.keep')}
            </Button>
            <Button color="red" h={40} loading={pending} onClick={() => onConfirm(dialog.close)}>
              {t('withdraw.confirm')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
