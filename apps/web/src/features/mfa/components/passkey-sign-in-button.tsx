import type { LoginResponse } from '@care/contract/mfa';
import { Button } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { usePasskeySignIn } from '../api.ts';
import { browserSupportsWebAuthn, isCancelled } from '../webauthn.ts';

interface PasskeySignInButtonProps {
  onSignedIn: (user: LoginResponse) => void;
}

const subscribeToNothing = () => () => {};

/** Sign-in with a passkey, no e-mail or password: the browser offers the passkeys it has for this site. */
export function PasskeySignInButton({ onSignedIn }: PasskeySignInButtonProps) {
  const { t } = useTranslation(['mfa', 'auth']);
  const signIn = usePasskeySignIn();
  // The sign-in page rendered on the server (entry-server.tsx) shows the button, as nearly every browser supports
  // passkeys; one that does not removes it after hydration, which must first render what the server did.
  const supported = useSyncExternalStore(subscribeToNothing, browserSupportsWebAuthn, () => true);
  if (!supported) return null;
  return (
    <Button
      variant="default"
      h={44}
      fullWidth
      loading={signIn.isPending}
      leftSection={<IconFingerprint size={20} aria-hidden />}
      onClick={() =>
        signIn.mutate(undefined, {
          onSuccess: onSignedIn,
          onError: (error) => {
            if (isCancelled(error)) return;
            const message = error instanceof ApiRequestError ? error.message : t('mfa:failed');
            notify('ERROR', { title: t('auth:sign-in'), message });
          },
        })
      }
    >
      {t('mfa:sign-in-with-passkey')}
    </Button>
  );
}
