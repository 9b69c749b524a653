import { CustomerReasonSchema } from '@care/contract/customers';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '#app/components/form/use-zod-form.ts';
import { AppModal } from '#app/components/layout/app-modal.tsx';

interface ReasonDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: (reason: string) => void;
  pending: boolean;
  /** The server's refusal, translated, shown above the buttons. */
  error: string | null;
  color?: string;
}

/** An admin's change that needs a reason for the audit log: what happens, the reason, confirm or cancel. */
export function ReasonDialog({
  opened,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  error,
  color,
}: ReasonDialogProps) {
  const { t } = useTranslation(['customers', 'common']);
  const form = useZodForm(CustomerReasonSchema, { reason: '' });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <AppModal opened={opened} onClose={close} title={title} closeLabel={t('common:actions.close')}>
      <form noValidate onSubmit={form.onSubmit(({ reason }) => onConfirm(reason))}>
        <Stack gap="md">
          <Text size="sm">{description}</Text>
          <Textarea
            label={t('reason.label')}
            description={t('reason.hint')}
            required
            autosize
            minRows={2}
            maxRows={6}
            data-autofocus
            name="reason"
            value={form.values.reason}
            error={form.errorOf('reason')}
            onChange={(event) => form.setFieldValue('reason', event.currentTarget.value)}
          />
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={pending} color={color}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
