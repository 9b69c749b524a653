import { Button, Grid, Stack, Text } from '@mantine/core';
import {
  IconBell,
  IconKey,
  IconMapPin,
  IconRestore,
  IconTable,
  IconUser,
  IconUserOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { paths } from '#app/config/paths.ts';
import { AddressForm } from '#app/features/account/components/address-form.tsx';
import { DeactivateAccount } from '#app/features/account/components/deactivate-account.tsx';
import { DetailsForm } from '#app/features/account/components/details-form.tsx';
import { NotificationSettingsForm } from '#app/features/account/components/notification-settings-form.tsx';
import { useAuthStore } from '#app/features/auth/auth-store.ts';
import { notifyNotImplemented } from './not-implemented.ts';

const NOTIFICATIONS_OFF = { guaranteeEnd: false, stateChange: false, marketing: false };

/**
 * SPEC §2 /home/user: account settings. The forms on the left, the one-click account actions on the right.
 * The accounts issue preloads details, address and settings and replaces each notifyNotImplemented.
 */
export function Component() {
  const { t } = useTranslation('layout');
  const user = useAuthStore((state) => state.user);
  return (
    <>
      <PageHeader title={t('account.settings.title')} description={t('account.settings.description')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <SectionCard
              icon={IconUser}
              title={t('account.details.title')}
              description={t('account.details.description')}
            >
              <DetailsForm
                initialValues={{
                  firstName: user?.firstName ?? '',
                  lastName: user?.lastName ?? '',
                  email: user?.email ?? '',
                  phone: '',
                }}
                onSubmit={notifyNotImplemented}
              />
            </SectionCard>
            <SectionCard
              icon={IconMapPin}
              title={t('account.address.title')}
              description={t('account.address.description')}
            >
              <AddressForm onSubmit={notifyNotImplemented} />
            </SectionCard>
            <SectionCard
              icon={IconBell}
              title={t('account.notifications.title')}
              description={t('account.notifications.description')}
            >
              <NotificationSettingsForm initialValues={NOTIFICATIONS_OFF} onSubmit={notifyNotImplemented} />
            </SectionCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <SectionCard
              icon={IconKey}
              title={t('account.password.title')}
              description={t('account.password.description')}
            >
              <Button component={Link} to={paths.updatePassword} variant="default" h={40} fullWidth>
                {t('user-menu.change-password')}
              </Button>
            </SectionCard>
            <SectionCard icon={IconTable} title={t('account.tables.title')}>
              <Text size="sm" c="dimmed" mb="md">
                {t('account.tables.description')}
              </Text>
              <Button
                variant="default"
                h={40}
                fullWidth
                leftSection={<IconRestore size={18} aria-hidden />}
                onClick={notifyNotImplemented}
              >
                {t('account.tables.reset')}
              </Button>
            </SectionCard>
            <SectionCard
              icon={IconUserOff}
              tone="danger"
              title={t('account.deactivate.title')}
              description={t('account.deactivate.description')}
            >
              <DeactivateAccount onConfirm={notifyNotImplemented} />
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
