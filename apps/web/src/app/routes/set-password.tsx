import type { FieldError } from '@care/contract/errors';
import { Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCircleX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { StatusPanel } from '#app/components/feedback/status-panel.tsx';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { usePageTitle } from '#app/components/layout/use-page-title.ts';
import { paths } from '#app/config/paths.ts';
import { BackToLoginLink } from '#app/features/auth/components/back-to-login-link.tsx';
import { NewPasswordForm } from '#app/features/auth/components/new-password-form.tsx';
import { setPasswordLinkQuery, useSetPassword } from '#app/features/staff-accounts/api.ts';
import { ApiRequestError } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { PublicPage } from '../public-page.tsx';

/**
 * '/set-password/:token', the link of a new staff account's e-mail (issue 15): the reset page's form and
 * password rules, its own words, and for a used or expired link who can send a new one (an admin).
 */
export function Component() {
  const { t } = useTranslation(['staff-accounts', 'errors']);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const save = useSetPassword();
  const link = useQuery(setPasswordLinkQuery(token));
  const [refusedOnSave, setRefusedOnSave] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const invalidLink = refusedOnSave || link.data === 'invalid';
  const checking = link.isPending && !invalidLink;
  usePageTitle(
    checking
      ? t('set-password.checking')
      : invalidLink
        ? t('set-password.invalid-title')
        : t('set-password.title'),
  );

  const handleSubmit = ({ password }: { password: string }) => {
    setFieldErrors([]);
    save.mutate(
      { token, password },
      {
        onSuccess: async () => {
          notify('SUCCESS', { message: t('set-password.success') });
          await navigate(paths.login, { replace: true });
        },
        onError: (error) => {
          const body = error instanceof ApiRequestError ? error.body : null;
          if (body?.code === 'INVALID_TOKEN') return setRefusedOnSave(true);
          setFieldErrors(body?.fields ?? []);
          notify('ERROR', { message: error.message || t('errors:unexpected') });
        },
      },
    );
  };

  return (
    <PublicPage>
      {checking ? (
        <Stack gap="xl" aria-live="polite">
          <StatusPanel icon={<Loader size={32} />} title={t('set-password.checking')} />
        </Stack>
      ) : invalidLink ? (
        <Stack gap="xl" aria-live="polite">
          <StatusPanel
            icon={<IconCircleX size={40} />}
            color="red"
            title={t('set-password.invalid-title')}
            message={t('set-password.invalid-message')}
          />
          <BackToLoginLink />
        </Stack>
      ) : (
        <Stack gap="xl">
          <BackToLoginLink />
          <PageHeading title={t('set-password.title')}>{t('set-password.intro')}</PageHeading>
          <NewPasswordForm onSubmit={handleSubmit} pending={save.isPending} serverErrors={fieldErrors} />
        </Stack>
      )}
    </PublicPage>
  );
}
