import type { TotpSetup } from '@care/contract/mfa';
import { Badge, Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceMobile, IconPower } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { useConfirmTotp, useRemoveTotp, useStartTotp } from '../api.ts';
import { PasswordPrompt } from './password-prompt.tsx';

interface TotpSectionProps {
  enabled: boolean;
  onRecoveryCodes: (codes: string[]) => void;
}

/** TOTP: scan the QR code (or type the secret) into an authenticator app, confirm with a code; turn it off. */
export function TotpSection({ enabled, onRecoveryCodes }: TotpSectionProps) {
  const { t } = useTranslation('mfa');
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const remove = useRemoveTotp();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    confirm.mutate(code, {
      onSuccess: ({ recoveryCodes }) => {
        setSetup(null);
        setCode('');
        notify('SUCCESS', { title: t('totp.title'), message: t('totp.enabled') });
        if (recoveryCodes) onRecoveryCodes(recoveryCodes);
      },
      onError: (error) => setProblem(error instanceof ApiRequestError ? error.message : t('failed')),
    });
  };

  if (enabled) {
    return (
      <Group justify="space-between" gap="sm">
        <Badge color="green" variant="light" size="lg">
          {t('totp.on')}
        </Badge>
        <Button
          variant="default"
          h={36}
          leftSection={<IconPower size={18} aria-hidden />}
          onClick={() => setTurningOff(true)}
        >
          {t('totp.turn-off')}
        </Button>
        <PasswordPrompt
          opened={turningOff}
          title={t('totp.turn-off')}
          text={t('totp.turn-off-text')}
          confirmLabel={t('totp.turn-off')}
          danger
          onClose={() => setTurningOff(false)}
          onConfirm={(password) => remove.mutateAsync(password)}
        />
      </Group>
    );
  }

  if (!setup) {
    return (
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t('totp.off')}
        </Text>
        <Button
          h={36}
          loading={start.isPending}
          leftSection={<IconDeviceMobile size={18} aria-hidden />}
          onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
        >
          {t('totp.set-up')}
        </Button>
      </Group>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('totp.scan')}</Text>
        <Image src={setup.qrCode} alt={t('totp.qr-alt')} w={184} h={184} bg="white" p={4} radius="sm" />
        <Text size="sm">
          {t('totp.secret')}{' '}
          <Code fz="sm" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {setup.secret}
          </Code>
        </Text>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            label={t('totp.code')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            error={problem}
            style={{ flex: '0 1 180px' }}
          />
          <Button type="submit" h={36} mt={25} loading={confirm.isPending}>
            {t('totp.confirm')}
          </Button>
          <Button variant="subtle" h={36} mt={25} onClick={() => setSetup(null)}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
