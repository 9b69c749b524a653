import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { usePageTitle } from '#app/components/layout/use-page-title.ts';
import { paths } from '#app/config/paths.ts';
import { RegistrationB2CForm } from '#app/features/auth/components/registration-b2c-form.tsx';
import { useSubmitRegistration } from '#app/features/auth/use-submit-registration.ts';
import { ContactBlock } from '#app/features/brand/components/contact-block.tsx';
import { PublicPage } from '../public-page.tsx';

/** SPEC §2 '/registerB2C': a customer of the online store links that account to the portal. */
export function Component() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  usePageTitle(t('auth:b2c.title'));
  const registration = useSubmitRegistration('registrationB2C');

  return (
    <PublicPage size="md">
      <Stack gap="xl">
        <PageHeading title={t('auth:b2c.title')}>{t('auth:b2c.intro')}</PageHeading>
        <RegistrationB2CForm
          pending={registration.pending}
          serverErrors={registration.fieldErrors}
          captcha={registration.captchaField}
          onSubmit={(form) =>
            void registration.submit({
              ...form,
              username: form.email,
              personFirstName: '',
              personLastName: '',
              phone: '',
              peselOrNip: '',
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
