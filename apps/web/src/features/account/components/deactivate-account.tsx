import type { FieldError } from '@care/contract/errors';
import { DeactivationRequestSchema, type DeactivationRequest } from '@care/contract/user';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '#app/components/form/password-field.tsx';
import { useServerFieldErrors } from '#app/components/form/server-field-errors.ts';
import { useZodForm } from '#app/components/form/use-zod-form.ts';
import { AppModal } from '#app/components/layout/app-modal.tsx';

const NO_ERRORS: FieldError[] = [];

interface DeactivateAccountProps {
  onConfirm: (request: DeactivationRequest) => void;
  pending?: boolean;
  serverErrors?: FieldError[];
}

/**
 * SPEC §1 "deactivate account": a red button and a confirmation with the password, since the customer cannot
 * undo it alone and someone at an unlocked phone should not be able to do it with one tap.
 */
export function DeactivateAccount({
  onConfirm,
  pending = false,
  serverErrors = NO_ERRORS,
}: DeactivateAccountProps) {
  const { t } = useTranslation(['layout', 'common']);
  const [opened, dialog] = useDisclosure(false);
  const form = useZodForm(DeactivationRequestSchema, { password: '' });
  const { withServerError, markSent } = useServerFieldErrors(serverErrors, form.values);
  const close = () => {
    dialog.close();
    form.reset();
  };
  return (
    <>
      <Button
        color="red"
        variant="light"
        h={40}
        fullWidth
        leftSection={<IconUserOff size={18} aria-hidden />}
        onClick={dialog.open}
      >
        {t('account.deactivate.button')}
      </Button>
      <AppModal
        opened={opened}
        onClose={close}
        title={t('account.deactivate.confirm-title')}
        closeLabel={t('common:actions.close')}
        centered
      >
        <form
          noValidate
          onSubmit={form.onSubmit((data) => {
            markSent(form.values);
            onConfirm(data);
          })}
        >
          <Stack gap="md">
            <Text size="sm">{t('account.deactivate.confirm-text')}</Text>
            <PasswordField
              label={t('account.deactivate.password')}
              autoComplete="current-password"
              required
              data-autofocus
              {...withServerError('password', form.getInputProps('password'))}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" h={40} onClick={close}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" color="red.9" h={40} loading={pending}>
                {t('account.deactivate.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </>
  );
}
