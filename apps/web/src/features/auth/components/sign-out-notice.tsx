import { Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '#app/lib/i18n.ts';
import { dismiss, notify } from '#app/lib/notify.ts';
import { endServerSession } from '../sign-out.ts';

/** The warning's notification id: one at a time (a second failure updates it), gone once the session has ended. */
const WARNING_ID = 'sign-out-unconfirmed';

/**
 * SPEC §2: 'sign-out-successful', or an error notice titled 'sign-out'. An unconfirmed sign-out stays on screen
 * until the customer deals with it: it says the session may still be active and offers to try again; a retry
 * that fails too says so in the same notice.
 */
export function notifySignOut(confirmed: boolean): void {
  const title = i18n.t('auth:sign-out');
  if (confirmed) {
    dismissSignOutWarning();
    notify('SUCCESS', { title, message: i18n.t('auth:sign-out-successful') });
    return;
  }
  notify('ERROR', {
    id: WARNING_ID,
    title,
    message: (
      <UnconfirmedSignOut
        onRetry={async () => {
          const ended = await endServerSession();
          if (ended) notifySignOut(true);
          return ended;
        }}
      />
    ),
    autoClose: false,
  });
}

/** Signing in again ends the session this browser still carried (auth/login rotates it): the warning is moot. */
export function dismissSignOutWarning(): void {
  dismiss(WARNING_ID);
}

function UnconfirmedSignOut({ onRetry }: { onRetry: () => Promise<boolean> }) {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState(false);
  const [failedAgain, setFailedAgain] = useState(false);
  const retry = async () => {
    setPending(true);
    const ended = await onRetry();
    setPending(false);
    if (!ended) setFailedAgain(true);
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{t('sign-out-failed')}</Text>
      {failedAgain && !pending ? (
        <Text size="sm" fw={600}>
          {t('sign-out-failed-again')}
        </Text>
      ) : null}
      <Button
        size="sm"
        variant="light"
        color="red"
        loading={pending}
        onClick={() => void retry()}
        leftSection={<IconRefresh size={16} aria-hidden />}
      >
        {t('sign-out-retry')}
      </Button>
    </Stack>
  );
}
