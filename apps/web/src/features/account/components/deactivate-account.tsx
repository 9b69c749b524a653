import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '#app/components/layout/app-modal.tsx';

/** SPEC §1 "deactivate account": a red button and a confirmation, since the customer cannot undo it alone. */
export function DeactivateAccount({ onConfirm }: { onConfirm: () => void }) {
  const { t } = useTranslation(['layout', 'common']);
  const [opened, dialog] = useDisclosure(false);
  const confirm = () => {
    dialog.close();
    onConfirm();
  };
  return (
    <>
      <Button
        color="red"
        variant="light"
        h={40}
        fullWidth
        leftSection={<IconUserOff size={18} aria-hidden />}
        onClick={dialog.open}
      >
        {t('account.deactivate.button')}
      </Button>
      <AppModal
        opened={opened}
        onClose={dialog.close}
        title={t('account.deactivate.confirm-title')}
        closeLabel={t('common:actions.close')}
        centered
      >
        <Text size="sm" mb="lg">
          {t('account.deactivate.confirm-text')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" h={40} onClick={dialog.close}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" h={40} onClick={confirm}>
            {t('account.deactivate.confirm')}
          </Button>
        </Group>
      </AppModal>
    </>
  );
}
