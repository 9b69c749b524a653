import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { usePageTitle } from '#app/components/layout/use-page-title.ts';
import { paths } from '#app/config/paths.ts';
import { PasswordResetForm } from '#app/features/auth/components/password-reset-form.tsx';
import { ContactBlock } from '#app/features/brand/components/contact-block.tsx';
import { notify } from '#app/lib/notify.ts';
import { PublicPage } from '../public-page.tsx';

/**
 * SPEC §2 '/forgot-password'. The answer is the same whether or not the address is known (SPEC §8), so the
 * screen says so and returns to sign-in without waiting for anything.
 */
export function Component() {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const navigate = useNavigate();
  usePageTitle(t('auth:forgot.title'));

  const handleSubmit = () => {
    notify('SUCCESS', { message: t('auth:forgot.success') });
    void navigate(paths.login);
  };

  return (
    <PublicPage>
      <Stack gap="xl">
        <Group>
          <Anchor component={Link} to={paths.login} fz="sm" fw={600} py={6}>
            <Group gap={6} component="span" wrap="nowrap">
              <IconArrowLeft size={18} aria-hidden />
              {t('common:actions.back-to-login')}
            </Group>
          </Anchor>
        </Group>
        <PageHeading title={t('auth:forgot.title')}>{t('auth:forgot.intro')}</PageHeading>
        <PasswordResetForm onSubmit={handleSubmit} />
        <ContactBlock />
      </Stack>
    </PublicPage>
  );
}
