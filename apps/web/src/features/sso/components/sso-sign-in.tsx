import { SSO_ERROR_PARAM, ssoEndpoints, SsoErrorSchema } from '@care/contract/sso';
import type { User } from '@care/contract/user';
import { Alert, Button } from '@mantine/core';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiUrl, runtimeConfig } from '#app/config/runtime-config.ts';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { addressOf, request } from '#app/lib/api-client.ts';

interface SsoSignInProps {
  /** After a single sign-on the server sent the browser back here; the page takes the user on. */
  onSignedIn: (user: User) => void;
}

/** The server's redirect after a successful single sign-on (features/sso/sso.routes.ts). */
const SIGNED_IN_PARAM = 'sso';

/**
 * "Sign in with <provider>" for staff, shown when the server has single sign-on configured (runtime config
 * ssoProviderName). It also finishes a sign-on the server sent back: loads the user, or says why it was refused.
 */
export function SsoSignIn({ onSignedIn }: SsoSignInProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const [params, setParams] = useSearchParams();
  const provider = runtimeConfig().ssoProviderName;
  const refused = SsoErrorSchema.safeParse(params.get(SSO_ERROR_PARAM));
  const finishing = params.get(SIGNED_IN_PARAM) === 'signed-in';
  const started = useRef(false);

  useEffect(() => {
    if (!finishing || started.current) return;
    started.current = true;
    void (async () => {
      // Only the User part of the answer is kept, as the sign-in answers it (the store's shape).
      const { UserSchema, userEndpoints } = await import('@care/contract/user');
      const user = await request(addressOf(userEndpoints.extendedDetails), { schema: UserSchema });
      useAuthStore.getState().setSignedIn(user);
      onSignedIn(user);
    })().catch(() => setParams({}, { replace: true }));
  }, [finishing, onSignedIn, setParams]);

  if (!provider && !refused.success) return null;
  return (
    <>
      {refused.success ? (
        <Alert color="red" variant="light" title={t('auth:sso.refused')} role="alert">
          {t(`errors:codes.${refused.data}`)}
        </Alert>
      ) : null}
      {provider ? (
        <Button
          component="a"
          href={apiUrl(addressOf(ssoEndpoints.start))}
          variant="default"
          h="auto"
          mih={44}
          py={8}
          fullWidth
          // A long provider name wraps instead of being cut off (at 360 px too), with room between its lines
          // (the button's own line height is 1: wrapped lines touched).
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35, height: 'auto' } }}
          loading={finishing}
          leftSection={<IconBuildingFactory2 size={20} aria-hidden />}
        >
          {t('auth:sso.sign-in-with', { provider })}
        </Button>
      ) : null}
    </>
  );
}
