import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackToLoginLink } from '#app/features/auth/components/back-to-login-link.tsx';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { usePageTitle } from '#app/components/layout/use-page-title.ts';
import { paths } from '#app/config/paths.ts';
import type { PasswordResetRequest } from '@care/contract/auth';
import { PasswordResetForm } from '#app/features/auth/components/password-reset-form.tsx';
import { ContactBlock } from '#app/features/brand/components/contact-block.tsx';
import { captchaQuery, useRequestPasswordReset } from '#app/features/auth/api.ts';
import { useCaptcha } from '#app/features/auth/use-captcha.tsx';
import { notify } from '#app/lib/notify.ts';
import { PublicPage } from '../public-page.tsx';

/**
 * SPEC §2 '/forgot-password'. The server answers the same whether or not the address is known (SPEC §8), so
 * after the call the screen says so and returns to sign-in; only a refused call (captcha, too many attempts,
 * no connection) keeps the person here with the reason.
 */
export function Component() {
  const { t } = useTranslation(['auth', 'validation', 'common', 'errors']);
  const queryClient = useQueryClient();
  const reset = useRequestPasswordReset();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  usePageTitle(t('auth:forgot.title'));

  const handleSubmit = async ({ email }: PasswordResetRequest) => {
    const required = await queryClient.ensureQueryData(captchaQuery).then(
      (challenge) => challenge.required,
      () => false,
    );
    if (required && !captcha.response) {
      notify('WARNING', { message: t('validation:form.captcha-required') });
      return;
    }
    reset.mutate(
      { email, captchaResponse: captcha.response || undefined },
      {
        onSuccess: async () => {
          notify('SUCCESS', { message: t('auth:forgot.success') });
          await navigate(paths.login);
        },
        onError: (error) => {
          notify('ERROR', { message: error.message || t('errors:unexpected') });
          captcha.renew();
        },
      },
    );
  };

  return (
    <PublicPage>
      <Stack gap="xl">
        <BackToLoginLink />
        <PageHeading title={t('auth:forgot.title')}>{t('auth:forgot.intro')}</PageHeading>
        <PasswordResetForm
          onSubmit={(data) => void handleSubmit(data)}
          pending={reset.isPending}
          captcha={captcha.field}
        />
        <ContactBlock />
      </Stack>
    </PublicPage>
  );
}
