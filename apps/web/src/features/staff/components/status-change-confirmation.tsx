import type { ServiceRequestStatus } from '@care/contract/statuses';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface StatusChangeConfirmationProps {
  opened: boolean;
  from: ServiceRequestStatus;
  to: ServiceRequestStatus | null;
  note: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A status change tells the customer: one more look before it is sent. */
export function StatusChangeConfirmation(props: StatusChangeConfirmationProps) {
  const { opened, from, to, note, pending, onConfirm, onCancel } = props;
  const { t } = useTranslation(['staff', 'services']);
  return (
    <Modal opened={opened && to !== null} onClose={onCancel} title={t('status.confirm.title')} centered>
      <Stack gap="md">
        <Text>
          {t('status.confirm.text', {
            from: t(`services:status.${from}`),
            to: to ? t(`services:status.${to}`) : '',
          })}
        </Text>
        {note ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('status.confirm.note', { note })}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onCancel} disabled={pending}>
            {t('status.confirm.cancel')}
          </Button>
          <Button type="button" onClick={onConfirm} loading={pending} data-autofocus>
            {t('status.confirm.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
