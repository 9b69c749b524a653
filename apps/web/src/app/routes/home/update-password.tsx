import type { FieldError } from '@care/contract/errors';
import type { ChangePasswordForm as ChangePasswordValues } from '@care/contract/user';
import { Grid, List, Paper } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { paths } from '#app/config/paths.ts';
import { detailsQuery, useChangePassword } from '#app/features/account/api.ts';
import { ChangePasswordForm } from '#app/features/account/components/change-password-form.tsx';
import { fieldErrorsOf } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { queryClient } from '#app/lib/query-client.ts';

/** SPEC §2 "data preloaded": the account's e-mail, which the form gives password managers. */
export const loader = () => queryClient.ensureQueryData(detailsQuery);

/** SPEC §2 /home/update-password: PUT api/user/password; other sessions end, this one stays signed in. */
export function Component() {
  const { t } = useTranslation(['layout', 'errors']);
  const navigate = useNavigate();
  const { data: details } = useSuspenseQuery(detailsQuery);
  const changePassword = useChangePassword();
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);

  const submit = ({ oldPassword, newPassword }: ChangePasswordValues) => {
    setFieldErrors([]);
    changePassword.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: async () => {
          notify('SUCCESS', { title: t('account.password.title'), message: t('account.password.success') });
          await navigate(paths.user);
        },
        onError: (error) => {
          setFieldErrors(fieldErrorsOf(error));
          notify('ERROR', {
            title: t('account.password.title'),
            message: t('errors:account.password-change'),
          });
        },
      },
    );
  };

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
            <ChangePasswordForm
              username={details.email}
              onSubmit={submit}
              pending={changePassword.isPending}
              serverErrors={fieldErrors}
            />
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
