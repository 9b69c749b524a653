import type { MfaStatus } from '@care/contract/mfa';
import { Alert, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '#app/components/layout/app-modal.tsx';
import { useRenewRecoveryCodes } from '../api.ts';
import { PasskeysSection } from './passkeys-section.tsx';
import { PasswordPrompt } from './password-prompt.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TotpSection } from './totp-section.tsx';

interface MfaSettingsProps {
  status: MfaStatus;
  /** Where new recovery codes show: in a dialog (settings), or in the page (the set-up step, which waits for them). */
  onRecoveryCodes?: (codes: string[]) => void;
}

/** Settings of the second factors: passkeys, TOTP, recovery codes (customers and staff alike). */
export function MfaSettings({ status, onRecoveryCodes }: MfaSettingsProps) {
  const { t } = useTranslation(['mfa', 'common']);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renewing, setRenewing] = useState(false);
  const renew = useRenewRecoveryCodes();
  const show = onRecoveryCodes ?? setCodes;
  const hasFactor = status.passkeys.length > 0 || status.totp;

  return (
    <Stack gap="md">
      {status.required ? (
        <Alert color="blue" icon={<IconShieldLock size={18} aria-hidden />}>
          {t('required')}
        </Alert>
      ) : null}
      <Title order={3} fz="md">
        {t('passkeys.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={-8}>
        {t('passkeys.description')}
      </Text>
      <PasskeysSection passkeys={status.passkeys} onRecoveryCodes={show} />
      <Divider />
      <Title order={3} fz="md">
        {t('totp.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={-8}>
        {t('totp.description')}
      </Text>
      <TotpSection enabled={status.totp} onRecoveryCodes={show} />
      {hasFactor ? (
        <>
          <Divider />
          <Title order={3} fz="md">
            {t('recovery.title')}
          </Title>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {t('recovery.left', { count: status.recoveryCodesLeft })}
            </Text>
            <Button variant="default" h={36} onClick={() => setRenewing(true)}>
              {t('recovery.renew')}
            </Button>
          </Group>
        </>
      ) : null}
      <PasswordPrompt
        opened={renewing}
        title={t('recovery.renew')}
        text={t('recovery.renew-text')}
        confirmLabel={t('recovery.renew')}
        onClose={() => setRenewing(false)}
        onConfirm={async (password) => {
          const { recoveryCodes } = await renew.mutateAsync(password);
          if (recoveryCodes) show(recoveryCodes);
        }}
      />
      <AppModal
        opened={codes !== null}
        onClose={() => setCodes(null)}
        title={t('recovery.title')}
        closeLabel={t('common:actions.close')}
        centered
      >
        <Stack gap="md">
          <RecoveryCodes codes={codes ?? []} />
          <Group justify="flex-end">
            <Button h={40} onClick={() => setCodes(null)}>
              {t('recovery.saved')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}
