import type { FieldError } from '@care/contract/errors';
import { Button, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCircleX, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { StatusPanel } from '#app/components/feedback/status-panel.tsx';
import { BackToLoginLink } from '#app/features/auth/components/back-to-login-link.tsx';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { usePageTitle } from '#app/components/layout/use-page-title.ts';
import { paths } from '#app/config/paths.ts';
import { resetLinkQuery, useConfirmPasswordReset } from '#app/features/auth/api.ts';
import { NewPasswordForm } from '#app/features/auth/components/new-password-form.tsx';
import { ContactBlock } from '#app/features/brand/components/contact-block.tsx';
import { ApiRequestError } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { PublicPage } from '../public-page.tsx';

/** '/reset-password/:token', the link of the reset e-mail: a new password, or why the link no longer works. */
export function Component() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  // Asked as the page opens, so a used or expired link says so before anyone types a password twice.
  const link = useQuery(resetLinkQuery(token));
  const [refusedOnSave, setRefusedOnSave] = useState(false);
  const invalidLink = refusedOnSave || link.data === 'invalid';
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const checking = link.isPending && !invalidLink;
  usePageTitle(
    checking ? t('auth:reset.checking') : invalidLink ? t('auth:reset.invalid-title') : t('auth:reset.title'),
  );

  const handleSubmit = ({ password }: { password: string }) => {
    setFieldErrors([]);
    confirm.mutate(
      { token, password },
      {
        onSuccess: async () => {
          notify('SUCCESS', { message: t('auth:reset.success') });
          await navigate(paths.login, { replace: true });
        },
        onError: (error) => {
          const body = error instanceof ApiRequestError ? error.body : null;
          if (body?.code === 'INVALID_TOKEN') {
            setRefusedOnSave(true);
            return;
          }
          setFieldErrors(body?.fields ?? []);
          notify('ERROR', { message: error.message || t('errors:unexpected') });
        },
      },
    );
  };

  if (checking) {
    return (
      <PublicPage>
        <Stack gap="xl" aria-live="polite">
          <StatusPanel icon={<Loader size={32} />} title={t('auth:reset.checking')} />
        </Stack>
      </PublicPage>
    );
  }

  if (invalidLink) {
    return (
      <PublicPage>
        <Stack gap="xl" aria-live="polite">
          <StatusPanel
            icon={<IconCircleX size={40} />}
            color="red"
            title={t('auth:reset.invalid-title')}
            message={t('auth:reset.invalid-message')}
          >
            <Button
              component={Link}
              to={paths.forgotPassword}
              h={44}
              leftSection={<IconMailForward size={18} aria-hidden />}
            >
              {t('auth:reset.request-new')}
            </Button>
          </StatusPanel>
          <ContactBlock />
        </Stack>
      </PublicPage>
    );
  }

  return (
    <PublicPage>
      <Stack gap="xl">
        <BackToLoginLink />
        <PageHeading title={t('auth:reset.title')}>{t('auth:reset.intro')}</PageHeading>
        <NewPasswordForm onSubmit={handleSubmit} pending={confirm.isPending} serverErrors={fieldErrors} />
      </Stack>
    </PublicPage>
  );
}
