import type { FieldError } from '@care/contract/errors';
import { PasswordConfirmationSchema } from '@care/contract/mfa';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '#app/components/form/password-field.tsx';
import { useServerFieldErrors } from '#app/components/form/server-field-errors.ts';
import { useZodForm } from '#app/components/form/use-zod-form.ts';
import { AppModal } from '#app/components/layout/app-modal.tsx';
import { ApiRequestError, fieldErrorsOf } from '#app/lib/api-client.ts';

interface PasswordPromptProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  onClose: () => void;
  /** Runs the change with the password; a refused password is shown on the field, other errors under it. */
  onConfirm: (password: string) => Promise<unknown>;
}

/** Removing a factor or renewing the recovery codes is confirmed with the password (someone at an open session). */
export function PasswordPrompt({
  opened,
  title,
  text,
  confirmLabel,
  danger,
  onClose,
  onConfirm,
}: PasswordPromptProps) {
  const { t } = useTranslation(['mfa', 'common']);
  const form = useZodForm(PasswordConfirmationSchema, { password: '' });
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const { withServerError, markSent } = useServerFieldErrors(serverErrors, form.values);
  const close = () => {
    form.reset();
    setProblem(null);
    setServerErrors([]);
    onClose();
  };
  const submit = form.onSubmit(async ({ password }) => {
    markSent(form.values);
    setPending(true);
    setProblem(null);
    try {
      await onConfirm(password);
      close();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.length > 0) setServerErrors(fields);
      else setProblem(error instanceof ApiRequestError ? error.message : t('mfa:failed'));
    } finally {
      setPending(false);
    }
  });
  return (
    <AppModal opened={opened} onClose={close} title={title} closeLabel={t('common:actions.close')} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{text}</Text>
          <PasswordField
            label={t('mfa:password')}
            autoComplete="current-password"
            required
            data-autofocus
            {...withServerError('password', form.getInputProps('password'))}
          />
          {problem ? (
            <Text size="sm" c="red.8" role="alert">
              {problem}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" h={40} onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" color={danger ? 'red.9' : undefined} h={40} loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
