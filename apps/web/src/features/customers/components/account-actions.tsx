import type { StaffCustomerDetails } from '@care/contract/customers';
import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHistory, IconMailForward, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '#app/lib/notify.ts';
import { useReactivateCustomer, useResendConfirmation } from '../api.ts';
import { ReasonDialog } from './reason-dialog.tsx';

interface AccountActionsProps {
  customer: StaffCustomerDetails;
  /** The audit log filtered by this customer. */
  auditTo: string;
}

/**
 * An admin's account actions, as the status allows: a new confirmation e-mail while pending, reactivation when
 * deactivated (with a reason), and the customer's entries in the audit log.
 */
export function AccountActions({ customer, auditTo }: AccountActionsProps) {
  const { t } = useTranslation('customers');
  const resend = useResendConfirmation(customer.id);
  const reactivate = useReactivateCustomer(customer.id);
  const [reactivating, reactivation] = useDisclosure(false);

  const sendAgain = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        notify('SUCCESS', { message: t('account.confirmation-sent', { email: customer.email }) }),
      onError: (error) => notify('ERROR', { message: error.message }),
    });
  const confirmReactivation = (reason: string) =>
    reactivate.mutate(
      { reason },
      {
        onSuccess: () => {
          notify('SUCCESS', { message: t('account.reactivated') });
          reactivation.close();
        },
      },
    );

  return (
    <>
      <Group gap="sm" wrap="wrap">
        {customer.status === 'pending' ? (
          <Button
            variant="light"
            leftSection={<IconMailForward size={18} aria-hidden />}
            loading={resend.isPending}
            onClick={sendAgain}
          >
            {t('account.resend')}
          </Button>
        ) : null}
        {customer.status === 'deactivated' ? (
          <Button
            variant="light"
            leftSection={<IconUserCheck size={18} aria-hidden />}
            onClick={() => {
              reactivate.reset();
              reactivation.open();
            }}
          >
            {t('account.reactivate')}
          </Button>
        ) : null}
        <Button
          component={Link}
          to={auditTo}
          variant="default"
          leftSection={<IconHistory size={18} aria-hidden />}
        >
          {t('account.audit')}
        </Button>
      </Group>
      {customer.status === 'active' ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t('account.active-hint')}
        </Text>
      ) : null}
      <ReasonDialog
        opened={reactivating}
        onClose={reactivation.close}
        title={t('account.reactivate-title')}
        description={t('account.reactivate-text')}
        confirmLabel={t('account.reactivate')}
        onConfirm={confirmReactivation}
        pending={reactivate.isPending}
        error={reactivate.error?.message ?? null}
      />
    </>
  );
}
