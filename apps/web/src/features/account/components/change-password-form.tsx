import type { FieldError } from '@care/contract/errors';
import { LIMITS } from '@care/contract/limits';
import {
  ChangePasswordFormSchema,
  type ChangePasswordForm as ChangePasswordValues,
} from '@care/contract/user';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '#app/components/form/password-field.tsx';
import { useServerFieldErrors } from '#app/components/form/server-field-errors.ts';
import { useZodForm } from '#app/components/form/use-zod-form.ts';

const NO_ERRORS: FieldError[] = [];

interface ChangePasswordFormProps {
  /** The sign-in name, in a hidden field, so password managers update the right entry. */
  username?: string;
  onSubmit: (form: ChangePasswordValues) => void;
  pending?: boolean;
  serverErrors?: FieldError[];
}

export function ChangePasswordForm({
  username = '',
  onSubmit,
  pending = false,
  serverErrors = NO_ERRORS,
}: ChangePasswordFormProps) {
  const { t } = useTranslation('layout');
  const form = useZodForm(ChangePasswordFormSchema, {
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const { withServerError, markSent } = useServerFieldErrors(serverErrors, form.values);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((data) => {
        markSent(form.values);
        onSubmit(data);
      })}
    >
      <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
      <Stack gap="md">
        <PasswordField
          label={t('account.password.old')}
          autoComplete="current-password"
          required
          size="md"
          {...withServerError('oldPassword', form.getInputProps('oldPassword'))}
        />
        <PasswordField
          label={t('account.password.new')}
          description={t('account.password.rule', { count: LIMITS.passwordMinLength })}
          autoComplete="new-password"
          required
          size="md"
          {...withServerError('newPassword', form.getInputProps('newPassword'))}
        />
        <PasswordField
          label={t('account.password.confirm')}
          autoComplete="new-password"
          required
          size="md"
          {...withServerError('confirmPassword', form.getInputProps('confirmPassword'))}
        />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" h={44} loading={pending}>
            {t('account.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
