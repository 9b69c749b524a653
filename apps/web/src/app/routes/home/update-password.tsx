import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { paths } from '#app/config/paths.ts';
import { ChangePasswordForm } from '#app/features/account/components/change-password-form.tsx';
import { notifyNotImplemented } from './not-implemented.ts';

/** SPEC §2 /home/update-password. The accounts issue sends it to PUT api/user/password. */
export function Component() {
  const { t } = useTranslation('layout');
  return (
    <>
      <PageHeader
        title={t('account.password.title')}
        description={t('account.password.description')}
        breadcrumbs={[{ label: t('account.settings.title'), to: paths.user }, { label: t('account.password.title') }]}
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560}>
        <ChangePasswordForm onSubmit={notifyNotImplemented} />
      </Paper>
    </>
  );
}
