import { LoginRequestSchema, type LoginRequest } from '@care/contract/auth';
import { Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '#app/components/form/password-field.tsx';
import { Link } from 'react-router';
import { useZodForm } from '#app/components/form/use-zod-form.ts';
import { paths } from '#app/config/paths.ts';
import { finishTypedBeforeStart, typedCheck, typedText } from '#app/lib/typed-before-start.ts';

interface LoginFormProps {
  onSubmit: (data: LoginRequest) => void;
  pending?: boolean;
  /**
   * The e-mail kept by remember-me; when given, remember-me starts checked. Given after the first render (a page
   * the server rendered: the browser alone knows it), it fills in the form unless an e-mail was typed meanwhile.
   */
  initialUsername?: string;
}

/** SPEC §2/§5 sign-in: username (an e-mail), password longer than 4 characters, remember me. */
export function LoginForm({ onSubmit, pending = false, initialUsername = '' }: LoginFormProps) {
  const { t } = useTranslation('auth');
  // On the page the server rendered, what was typed before the app started (lib/typed-before-start.ts).
  const form = useZodForm(LoginRequestSchema, {
    username: typedText('username') ?? initialUsername,
    password: typedText('password') ?? '',
    remember: typedCheck('remember') ?? initialUsername !== '',
  });
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // The button was pressed before the app had started: the sign-in goes ahead now.
    if (finishTypedBeforeStart(formRef.current)) formRef.current?.requestSubmit();
  }, []);
  const { setFieldValues } = form;
  const typed = form.values.username !== '';
  useEffect(() => {
    if (initialUsername && !typed) setFieldValues({ username: initialUsername, remember: true });
    // Only when the remembered e-mail becomes known, not as the visitor edits the field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialUsername]);

  return (
    <form ref={formRef} noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="md">
        <TextInput
          label={t('login.username')}
          type="email"
          inputMode="email"
          autoComplete="username"
          spellCheck={false}
          required
          size="md"
          {...form.getInputProps('username')}
        />
        <PasswordField
          label={t('login.password')}
          autoComplete="current-password"
          required
          size="md"
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Checkbox
            label={t('login.remember')}
            py={10}
            {...form.getInputProps('remember', { type: 'checkbox' })}
          />
          <Anchor component={Link} to={paths.forgotPassword} fz="sm" fw={600} py={10}>
            {t('login.forgot')}
          </Anchor>
        </Group>
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={pending}
          leftSection={<IconLogin2 size={20} aria-hidden />}
        >
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
