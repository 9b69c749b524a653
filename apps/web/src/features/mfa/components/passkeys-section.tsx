import { PASSKEY_NAME_MAX, type Passkey } from '@care/contract/mfa';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconFingerprint, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#app/lib/date-time.ts';
import { ApiRequestError } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { useAddPasskey, useRemovePasskey } from '../api.ts';
import { browserSupportsWebAuthn, isCancelled } from '../webauthn.ts';
import { PasswordPrompt } from './password-prompt.tsx';

interface PasskeysSectionProps {
  passkeys: readonly Passkey[];
  /** The first factor of an account brings recovery codes, to show once. */
  onRecoveryCodes: (codes: string[]) => void;
}

/** The account's passkeys: add one under a name (the browser's dialog), see when each was used, remove one. */
export function PasskeysSection({ passkeys, onRecoveryCodes }: PasskeysSectionProps) {
  const { t } = useTranslation('mfa');
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const supported = browserSupportsWebAuthn();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const chosen = name.trim() || t('passkeys.default-name');
    add.mutate(chosen.slice(0, PASSKEY_NAME_MAX), {
      onSuccess: ({ recoveryCodes }) => {
        setName('');
        notify('SUCCESS', { title: t('passkeys.title'), message: t('passkeys.added', { name: chosen }) });
        if (recoveryCodes) onRecoveryCodes(recoveryCodes);
      },
      onError: (error) => {
        if (isCancelled(error)) return;
        if (!(error instanceof ApiRequestError))
          notify('ERROR', { title: t('passkeys.title'), message: t('failed') });
      },
    });
  };

  return (
    <Stack gap="sm">
      {passkeys.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('passkeys.none')}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={4}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('passkeys.list')}
        >
          {passkeys.map((passkey) => (
            <Group component="li" key={passkey.id} justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <IconFingerprint size={20} aria-hidden />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate="end">
                    {passkey.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {passkey.lastUsedAt
                      ? t('passkeys.last-used', { date: formatDateTime(passkey.lastUsedAt) })
                      : t('passkeys.added-on', { date: formatDateTime(passkey.createdAt) })}
                  </Text>
                </div>
              </Group>
              <Tooltip label={t('passkeys.remove', { name: passkey.name })}>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size={40}
                  aria-label={t('passkeys.remove', { name: passkey.name })}
                  onClick={() => setRemoving(passkey)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      )}
      {supported ? (
        <form onSubmit={submit}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t('passkeys.name')}
              placeholder={t('passkeys.default-name')}
              value={name}
              maxLength={PASSKEY_NAME_MAX}
              onChange={(event) => setName(event.currentTarget.value)}
              style={{ flex: '1 1 180px' }}
            />
            <Button
              type="submit"
              h={36}
              loading={add.isPending}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {t('passkeys.add')}
            </Button>
          </Group>
        </form>
      ) : (
        <Text size="sm" c="dimmed">
          {t('passkeys.unsupported')}
        </Text>
      )}
      <PasswordPrompt
        opened={removing !== null}
        title={t('passkeys.remove-title')}
        text={t('passkeys.remove-text', { name: removing?.name ?? '' })}
        confirmLabel={t('passkeys.remove-confirm')}
        danger
        onClose={() => setRemoving(null)}
        onConfirm={(password) => remove.mutateAsync({ id: removing!.id, password })}
      />
    </Stack>
  );
}
