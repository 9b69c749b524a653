import { LIMITS } from '@care/contract/limits';
import {
  ChangePasswordFormSchema,
  type ChangePasswordForm as ChangePasswordValues,
} from '@care/contract/user';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '#app/components/form/password-field.tsx';
import { useZodForm } from '#app/components/form/use-zod-form.ts';

export function ChangePasswordForm({ onSubmit }: { onSubmit: (form: ChangePasswordValues) => void }) {
  const { t } = useTranslation('layout');
  const form = useZodForm(ChangePasswordFormSchema, {
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <PasswordField
          label={t('account.password.old')}
          autoComplete="current-password"
          required
          size="md"
          {...form.getInputProps('oldPassword')}
        />
        <PasswordField
          label={t('account.password.new')}
          description={t('account.password.rule', { count: LIMITS.passwordMinLength })}
          autoComplete="new-password"
          required
          size="md"
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
          label={t('account.password.confirm')}
          autoComplete="new-password"
          required
          size="md"
          {...form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" h={44}>
            {t('account.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
