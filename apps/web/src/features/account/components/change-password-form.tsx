import { LIMITS } from '@care/contract/limits';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useZodForm } from '#app/components/form/use-zod-form.ts';

/**
 * SPEC §5: the new password differs from the old one and has at least 6 characters; the confirmation
 * repeats it. Moves to the contract (with the request for PUT api/user/password) in the accounts issue.
 */
export const ChangePasswordFormSchema = z
  .object({
    oldPassword: z.string().min(1, 'form.required').max(LIMITS.passwordMaxLength, 'form.max-length'),
    newPassword: z
      .string()
      .min(LIMITS.passwordMinLength, 'form.min-length')
      .max(LIMITS.passwordMaxLength, 'form.max-length'),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword !== form.oldPassword, {
    path: ['newPassword'],
    // Not yet in the validation namespace; moves there with the schema (accounts issue).
    error: 'layout:account.password.same-as-old',
  })
  .refine((form) => form.confirmPassword === form.newPassword, {
    path: ['confirmPassword'],
    error: 'form.passwords-not-same',
    when: (payload) => {
      const value = payload.value as { newPassword?: unknown; confirmPassword?: unknown };
      return typeof value.newPassword === 'string' && typeof value.confirmPassword === 'string';
    },
  });
export type ChangePasswordForm = z.output<typeof ChangePasswordFormSchema>;

export function ChangePasswordForm({ onSubmit }: { onSubmit: (form: ChangePasswordForm) => void }) {
  const { t } = useTranslation('layout');
  const form = useZodForm(ChangePasswordFormSchema, {
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={t('account.password.old')}
          autoComplete="current-password"
          required
          size="md"
          {...form.getInputProps('oldPassword')}
        />
        <PasswordInput
          label={t('account.password.new')}
          description={t('account.password.rule', { count: LIMITS.passwordMinLength })}
          autoComplete="new-password"
          required
          size="md"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
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
