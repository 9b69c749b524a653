import { Anchor, Divider, Group, Stack } from '@mantine/core';
import { useCallback, useSyncExternalStore } from 'react';
import { IconBook2, IconBuildingStore, IconTractor } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LinkCard } from '#app/components/layout/link-card.tsx';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { usePageTitle } from '#app/components/layout/use-page-title.ts';
import { paths } from '#app/config/paths.ts';
import type { LoginRequest } from '@care/contract/auth';
import type { User } from '@care/contract/user';
import { finishSignIn, rememberedUsername, useSignIn } from '#app/features/auth/api.ts';
import { takeReturnLocation } from '#app/lib/auth-store.ts';
import { LoginForm } from '#app/features/auth/components/login-form.tsx';
import { PasskeySignInButton } from '#app/features/mfa/components/passkey-sign-in-button.tsx';
import { SsoSignIn } from '#app/features/sso/components/sso-sign-in.tsx';
import { ApiRequestError } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { PublicPage } from '../public-page.tsx';
import { isStaffRole, staffHome } from './staff/require-service-staff.ts';

const subscribeToNothing = () => () => {};

/** SPEC §2 '/': sign-in, with the ways to register and the open parts catalogue. */
export function Component() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  usePageTitle(t('auth:login.title'));
  const navigate = useNavigate();
  const signIn = useSignIn();
  // Known in the browser only: a page the server rendered (entry-server.tsx) is adopted with the empty form, which
  // then fills itself in (LoginForm).
  const initialUsername = useSyncExternalStore(subscribeToNothing, rememberedUsername, () => '');
  // The service department starts at its queue, parts sales at their inbox; customers at the board (SPEC §8).
  const goOn = useCallback(
    async (user: User) => {
      notify('SUCCESS', { title: t('auth:sign-in'), message: t('auth:sign-in-successful'), id: 'signed-in' });
      const start = isStaffRole(user.role) ? staffHome(user.role) : paths.board;
      await navigate(takeReturnLocation() ?? start, { replace: true });
    },
    [navigate, t],
  );

  const handleSubmit = (credentials: LoginRequest) => {
    // SPEC §5: nothing is sent while a field is empty (the form's schema already says why).
    if (!credentials.username || !credentials.password || signIn.isPending) return;
    signIn.mutate(credentials, {
      onSuccess: async ({ secondFactor, ...user }) => {
        // The second factor (or, for staff held to one, setting one up) comes before anything else.
        if (secondFactor) return navigate(paths.secondFactor, { state: { user, step: secondFactor } });
        await goOn(user);
      },
      onError: (error) => {
        const message = error instanceof ApiRequestError ? error.message : t('errors:unexpected');
        notify('ERROR', { title: t('auth:sign-in'), message });
      },
    });
  };

  return (
    <PublicPage>
      <Stack gap="xl">
        <PageHeading title={t('auth:login.title')}>{t('auth:login.intro')}</PageHeading>
        <SsoSignIn onSignedIn={goOn} />
        <LoginForm onSubmit={handleSubmit} pending={signIn.isPending} initialUsername={initialUsername} />
        <PasskeySignInButton
          onSignedIn={async ({ secondFactor: _, ...user }) => {
            await finishSignIn(user);
            await goOn(user);
          }}
        />
        <Divider label={t('auth:login.no-account')} labelPosition="center" />
        <Stack gap="sm">
          <LinkCard
            to={paths.register}
            icon={<IconTractor size={22} />}
            title={t('auth:login.register')}
            description={t('auth:login.register-description')}
          />
          <LinkCard
            to={paths.registerB2C}
            icon={<IconBuildingStore size={22} />}
            title={t('auth:login.b2c')}
            description={t('auth:login.b2c-description')}
          />
        </Stack>
        <Group justify="center">
          <Anchor component={Link} to={paths.publicCatalog} fz="sm" fw={600} py={10}>
            <Group gap={6} component="span" wrap="nowrap">
              <IconBook2 size={18} aria-hidden />
              {t('auth:login.catalog')}
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </PublicPage>
  );
}
