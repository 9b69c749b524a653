import type { ReactNode } from 'react';
import { PasswordResetRequestSchema, type PasswordResetRequest } from '@care/contract/auth';
import { Button, Stack, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '#app/components/form/use-zod-form.ts';

interface PasswordResetFormProps {
  /** The captcha widget (CaptchaField), shown above the submit button. */
  captcha?: ReactNode;
  onSubmit: (data: PasswordResetRequest) => void;
  pending?: boolean;
}

/** SPEC §2 reset password: one e-mail field with the e-mail pattern. */
export function PasswordResetForm({ onSubmit, pending = false, captcha }: PasswordResetFormProps) {
  const { t } = useTranslation('auth');
  const form = useZodForm(PasswordResetRequestSchema, { email: '' });

  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="lg">
        <TextInput
          label={t('forgot.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          required
          size="md"
          {...form.getInputProps('email')}
        />
        {captcha}
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={pending}
          leftSection={<IconMailForward size={20} aria-hidden />}
        >
          {t('forgot.submit')}
        </Button>
      </Stack>
    </form>
  );
}
