import { PasswordResetConfirmationFormSchema, type PasswordResetConfirmationForm } from '@care/contract/auth';
import type { FieldError } from '@care/contract/errors';
import { Button, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '#app/components/form/password-field.tsx';
import { useZodForm } from '#app/components/form/use-zod-form.ts';
import { useServerFieldErrors } from '#app/components/form/server-field-errors.ts';

const NO_ERRORS: FieldError[] = [];

interface NewPasswordFormProps {
  onSubmit: (data: PasswordResetConfirmationForm) => void;
  pending?: boolean;
  serverErrors?: FieldError[];
}

/** The new password behind a reset link, typed twice. */
export function NewPasswordForm({
  onSubmit,
  pending = false,
  serverErrors = NO_ERRORS,
}: NewPasswordFormProps) {
  const { t } = useTranslation('auth');
  const form = useZodForm(PasswordResetConfirmationFormSchema, { password: '', confirmPassword: '' });
  const { withServerError, markSent } = useServerFieldErrors(serverErrors, form.values);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((data) => {
        markSent(form.values);
        onSubmit(data);
      })}
    >
      <Stack gap="lg">
        <PasswordField
          label={t('reset.password')}
          description={t('register.password-description')}
          autoComplete="new-password"
          required
          size="md"
          {...withServerError('password', form.getInputProps('password'))}
        />
        <PasswordField
          label={t('reset.confirm-password')}
          autoComplete="new-password"
          required
          size="md"
          {...withServerError('confirmPassword', form.getInputProps('confirmPassword'))}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={pending}
          leftSection={<IconLock size={20} aria-hidden />}
        >
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
