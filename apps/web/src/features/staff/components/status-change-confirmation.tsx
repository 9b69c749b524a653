import type { ServiceRequestStatus } from '@care/contract/statuses';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The completion date asked for with a move to F (issue 18). */
export interface CompletionDateField {
  value: string;
  /** YYYY-MM-DD bounds of the date input: the report day and today in Poland. */
  min: string;
  max: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

interface StatusChangeConfirmationProps {
  opened: boolean;
  from: ServiceRequestStatus;
  to: ServiceRequestStatus | null;
  note: string;
  pending: boolean;
  /** Only with a move to F. */
  completion?: CompletionDateField;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A status change tells the customer: one more look before it is sent; a move to F asks for its completion date. */
export function StatusChangeConfirmation(props: StatusChangeConfirmationProps) {
  const { opened, from, to, note, pending, completion, onConfirm, onCancel } = props;
  const { t } = useTranslation(['staff', 'services', 'rating']);
  return (
    <Modal
      opened={opened && to !== null}
      onClose={onCancel}
      title={t('status.confirm.title')}
      closeButtonProps={{ 'aria-label': t('status.confirm.cancel') }}
      centered
    >
      <Stack gap="md">
        <Text>
          {t('status.confirm.text', {
            from: t(`services:status.${from}`),
            to: to ? t(`services:status.${to}`) : '',
          })}
        </Text>
        {completion ? (
          <TextInput
            type="date"
            label={t('rating:completion.label')}
            description={t('rating:completion.hint')}
            name="completionDate"
            required
            value={completion.value}
            min={completion.min}
            max={completion.max}
            error={completion.error}
            onChange={(event) => completion.onChange(event.currentTarget.value)}
            data-autofocus
          />
        ) : null}
        {note ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('status.confirm.note', { note })}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onCancel} disabled={pending}>
            {t('status.confirm.cancel')}
          </Button>
          <Button
            type="button"
            onClick={onConfirm}
            loading={pending}
            data-autofocus={completion ? undefined : true}
          >
            {t('status.confirm.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
