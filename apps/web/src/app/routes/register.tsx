import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { usePageTitle } from '#app/components/layout/use-page-title.ts';
import { paths } from '#app/config/paths.ts';
import { RegistrationForm } from '#app/features/auth/components/registration-form.tsx';
import { useSubmitRegistration } from '#app/features/auth/use-submit-registration.ts';
import { ContactBlock } from '#app/features/brand/components/contact-block.tsx';
import { PublicPage } from '../public-page.tsx';

/** SPEC §2 '/register': self-registration of a machine owner, with the service contact for help. */
export function Component() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  usePageTitle(t('auth:register.title'));
  const registration = useSubmitRegistration('registration');

  return (
    <PublicPage size="lg">
      <Stack gap="xl">
        <PageHeading title={t('auth:register.title')}>{t('auth:register.intro')}</PageHeading>
        <RegistrationForm
          pending={registration.pending}
          serverErrors={registration.fieldErrors}
          captcha={registration.captchaField}
          onSubmit={({ confirmPassword: _confirm, ...form }) =>
            void registration.submit({
              ...form,
              username: form.email,
              countryCode: '',
              zipCode: '',
              currencyCode: '',
            })
          }
        />
        <ContactBlock />
        <Text ta="center" fz="sm">
          {t('auth:register.have-account')}{' '}
          <Anchor component={Link} to={paths.login} fw={600} inherit>
            {t('auth:register.sign-in')}
          </Anchor>
        </Text>
      </Stack>
    </PublicPage>
  );
}
