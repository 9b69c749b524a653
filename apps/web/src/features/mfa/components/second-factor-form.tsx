import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '#app/lib/api-client.ts';
import { secondFactorOptions, useCompleteSecondFactor } from '../api.ts';
import { isCancelled } from '../webauthn.ts';

interface SecondFactorFormProps {
  onVerified: () => void;
}

/** The second sign-in step: the account's passkey, a code from the authenticator app, or a recovery code. */
export function SecondFactorForm({ onVerified }: SecondFactorFormProps) {
  const { t } = useTranslation('mfa');
  // Which factors to offer; the passkey challenge itself is asked for when the button is pressed.
  const offered = useQuery({
    queryKey: ['mfa', 'second-factor'],
    queryFn: secondFactorOptions,
    staleTime: Infinity,
    retry: false,
  });
  const complete = useCompleteSecondFactor();
  const [mode, setMode] = useState<'totp' | 'recovery'>('totp');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const run = (input: Parameters<typeof complete.mutate>[0]) => {
    setProblem(null);
    complete.mutate(input, {
      onSuccess: onVerified,
      onError: (error) => {
        if (isCancelled(error)) return;
        setProblem(error instanceof ApiRequestError ? error.message : t('failed'));
      },
    });
  };
  const hasPasskey = Boolean(offered.data?.passkey);
  const hasTotp = offered.data?.totp ?? false;
  const codeMode = hasTotp ? mode : 'recovery';

  return (
    <Stack gap="md">
      {hasPasskey ? (
        <Button
          h={44}
          leftSection={<IconFingerprint size={20} aria-hidden />}
          onClick={() => run({ method: 'passkey' })}
          loading={complete.isPending && complete.variables?.method === 'passkey'}
        >
          {t('verify.passkey')}
        </Button>
      ) : null}
      {hasPasskey ? <Divider label={t('verify.or')} labelPosition="center" /> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          run({ method: codeMode, code });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={codeMode === 'totp' ? t('verify.totp-code') : t('verify.recovery-code')}
            description={codeMode === 'totp' ? t('verify.totp-hint') : t('verify.recovery-hint')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            inputMode={codeMode === 'totp' ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            required
            error={problem}
          />
          <Button
            type="submit"
            h={44}
            loading={complete.isPending && complete.variables?.method !== 'passkey'}
          >
            {t('verify.submit')}
          </Button>
        </Stack>
      </form>
      {hasTotp ? (
        <Text size="sm" ta="center">
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() => {
              setCode('');
              setProblem(null);
              setMode(mode === 'totp' ? 'recovery' : 'totp');
            }}
          >
            {mode === 'totp' ? t('verify.use-recovery') : t('verify.use-totp')}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
