import type { FieldError } from '@care/contract/errors';
import type { AddressUpdate, UserDetailsUpdate } from '@care/contract/user';
import { Button, Grid, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  IconBell,
  IconKey,
  IconMapPin,
  IconRestore,
  IconShieldLock,
  IconTable,
  IconUser,
  IconUserOff,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { paths } from '#app/config/paths.ts';
import {
  addressQuery,
  detailsQuery,
  notificationSettingsQuery,
  useResetTableSettings,
  useSaveNotificationSettings,
  useUpdateAddress,
  useUpdateDetails,
} from '#app/features/account/api.ts';
import { AddressForm } from '#app/features/account/components/address-form.tsx';
import { DeactivateAccount } from '#app/features/account/components/deactivate-account.tsx';
import { DetailsForm } from '#app/features/account/components/details-form.tsx';
import { NotificationSettingsForm } from '#app/features/account/components/notification-settings-form.tsx';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { SessionsSection } from '#app/features/sessions/components/sessions-section.tsx';
import { mfaStatusQuery } from '#app/features/mfa/api.ts';
import { MfaSettings } from '#app/features/mfa/components/mfa-settings.tsx';
import { fieldErrorsOf } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { queryClient } from '#app/lib/query-client.ts';
import { useDeactivation } from './use-deactivation.ts';

/** SPEC §2 "data preloaded": details, address and notification settings before the screen shows. */
export const loader = () =>
  Promise.all([
    queryClient.ensureQueryData(detailsQuery),
    queryClient.ensureQueryData(addressQuery),
    queryClient.ensureQueryData(notificationSettingsQuery),
    queryClient.ensureQueryData(mfaStatusQuery),
  ]);

/** SPEC §2 /home/user: account settings. The forms on the left, the one-click account actions on the right. */
export function Component() {
  const { t } = useTranslation(['layout', 'errors', 'mfa']);
  const { data: details } = useSuspenseQuery(detailsQuery);
  const { data: address } = useSuspenseQuery(addressQuery);
  const { data: notificationSettings } = useSuspenseQuery(notificationSettingsQuery);
  const { data: mfaStatus } = useSuspenseQuery(mfaStatusQuery);
  const updateDetails = useUpdateDetails();
  const updateAddress = useUpdateAddress();
  const saveNotifications = useSaveNotificationSettings();
  const resetTables = useResetTableSettings();
  const deactivation = useDeactivation();
  const [detailsErrors, setDetailsErrors] = useState<FieldError[]>([]);
  const [addressErrors, setAddressErrors] = useState<FieldError[]>([]);

  const saveDetails = (body: UserDetailsUpdate) => {
    setDetailsErrors([]);
    updateDetails.mutate(body, {
      onSuccess: (saved) => {
        const { user, setSignedIn } = useAuthStore.getState();
        if (user) setSignedIn({ ...user, firstName: saved.firstName, lastName: saved.lastName });
        notify('SUCCESS', { title: t('account.details.title'), message: t('account.details.success') });
      },
      onError: (error) => {
        setDetailsErrors(fieldErrorsOf(error));
        notify('ERROR', { title: t('account.details.title'), message: t('errors:account.details-update') });
      },
    });
  };

  const saveAddress = (body: AddressUpdate) => {
    setAddressErrors([]);
    updateAddress.mutate(body, {
      onSuccess: () =>
        notify('SUCCESS', { title: t('account.address.title'), message: t('account.address.success') }),
      onError: (error) => {
        setAddressErrors(fieldErrorsOf(error));
        notify('ERROR', { title: t('account.address.title'), message: t('errors:account.details-update') });
      },
    });
  };

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
                email={details.email}
                initialValues={{
                  firstName: details.firstName,
                  lastName: details.lastName,
                  phone: details.phone,
                  peselOrNip: details.peselOrNip,
                }}
                onSubmit={saveDetails}
                pending={updateDetails.isPending}
                serverErrors={detailsErrors}
              />
            </SectionCard>
            <SectionCard
              icon={IconMapPin}
              title={t('account.address.title')}
              description={t('account.address.description')}
            >
              <AddressForm
                initialValues={address}
                onSubmit={saveAddress}
                pending={updateAddress.isPending}
                serverErrors={addressErrors}
              />
            </SectionCard>
            <SectionCard
              icon={IconBell}
              title={t('account.notifications.title')}
              description={t('account.notifications.description')}
            >
              <NotificationSettingsForm
                settings={notificationSettings}
                pending={saveNotifications.isPending}
                onSubmit={(changed) =>
                  saveNotifications.mutate(changed, {
                    onSuccess: () =>
                      notify('SUCCESS', {
                        title: t('account.notifications.title'),
                        message: t('account.notifications.success'),
                      }),
                  })
                }
              />
            </SectionCard>
            <SessionsSection />
            <SectionCard
              icon={IconShieldLock}
              title={t('mfa:section.title')}
              description={t('mfa:section.description')}
            >
              <MfaSettings status={mfaStatus} />
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
                loading={resetTables.isPending}
                leftSection={<IconRestore size={18} aria-hidden />}
                onClick={() =>
                  resetTables.mutate(undefined, {
                    onSuccess: () =>
                      notify('SUCCESS', {
                        title: t('account.tables.title'),
                        message: t('account.tables.success'),
                      }),
                  })
                }
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
              <DeactivateAccount {...deactivation} />
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
