import type { CustomerMachine, StaffCustomerDetails } from '@care/contract/customers';
import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconTractor } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { notify } from '#app/lib/notify.ts';
import { useRemoveMachine } from '../api.ts';
import { AssignMachineDialog } from './assign-machine-dialog.tsx';
import { CustomerMachines } from './customer-machines.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

/** The customer's machines; admins assign one by serial number and remove one, each with a reason. */
export function MachinesPanel({
  customer,
  canChange,
}: {
  customer: StaffCustomerDetails;
  canChange: boolean;
}) {
  const { t } = useTranslation('customers');
  const [assigning, assignment] = useDisclosure(false);
  const [removing, setRemoving] = useState<CustomerMachine | null>(null);
  const remove = useRemoveMachine(customer.id);

  const confirmRemoval = (reason: string) => {
    if (!removing) return;
    remove.mutate(
      { machineId: removing.id, reason },
      {
        onSuccess: () => {
          notify('SUCCESS', { message: t('machines.removed', { serialNumber: removing.serialNumber }) });
          setRemoving(null);
        },
      },
    );
  };

  return (
    <SectionCard icon={IconTractor} title={t('machines.title')}>
      {/* Above the list, not beside the heading: there it squeezed the title off a phone's width. */}
      {canChange ? (
        <Group justify="flex-end" mb="sm">
          <Button
            size="sm"
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={assignment.open}
          >
            {t('machines.assign')}
          </Button>
        </Group>
      ) : null}
      <CustomerMachines
        machines={customer.machines}
        {...(canChange
          ? {
              onRemove: (machine: CustomerMachine) => {
                remove.reset();
                setRemoving(machine);
              },
            }
          : {})}
      />
      {canChange ? (
        <>
          <AssignMachineDialog customerId={customer.id} opened={assigning} onClose={assignment.close} />
          <ReasonDialog
            opened={removing !== null}
            onClose={() => setRemoving(null)}
            title={t('machines.remove-title', { serialNumber: removing?.serialNumber ?? '' })}
            description={t('machines.remove-text')}
            confirmLabel={t('machines.remove')}
            color="red.9"
            onConfirm={confirmRemoval}
            pending={remove.isPending}
            error={remove.error?.message ?? null}
          />
        </>
      ) : null}
    </SectionCard>
  );
}
