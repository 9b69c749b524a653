import { Grid, List, Paper } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
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
        breadcrumbs={[
          { label: t('account.settings.title'), to: paths.user },
          { label: t('account.password.title') },
        ]}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 6 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <ChangePasswordForm onSubmit={notifyNotImplemented} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <SectionCard icon={IconShieldLock} title={t('account.password.tips.title')}>
            <List size="sm" spacing="xs" c="dimmed">
              <List.Item>{t('account.password.tips.length')}</List.Item>
              <List.Item>{t('account.password.tips.unique')}</List.Item>
              <List.Item>{t('account.password.tips.sessions')}</List.Item>
            </List>
          </SectionCard>
        </Grid.Col>
      </Grid>
    </>
  );
}
