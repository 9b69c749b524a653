import type { StaffMachine } from '@care/contract/staff';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { formatDate } from '#app/lib/date-time.ts';

interface MachineDetailsProps {
  machine: StaffMachine;
  /** The guarantee as the customer sees it (the machines feature's badge, composed by the route). */
  guarantee: ReactNode;
}

/** The machine's ERP data and its guarantee as of today (computed by the server, as for the customer). */
export function MachineDetails({ machine, guarantee }: MachineDetailsProps) {
  const { t } = useTranslation(['staff', 'machines']);
  return (
    <FieldList
      labelWidth={150}
      fields={[
        { label: t('machines:fields.name'), value: machine.name },
        {
          label: t('machines:fields.serial-number'),
          value: (
            <Text ff="monospace" size="sm" component="span">
              {machine.serialNumber}
            </Text>
          ),
        },
        // Beside the request's status on the same page: this one comes from the ERP and says so.
        { label: t('machine.status-erp'), value: t(`machines:status.${machine.status}`) },
        { label: t('machines:fields.purchase-date'), value: formatDate(machine.purchaseDate) },
        { label: t('machines:fields.guarantee-end-date'), value: formatDate(machine.guaranteeEndDate) },
        { label: t('machine.guarantee'), value: guarantee },
        { label: t('machines:fields.dealer'), value: machine.dealer ?? '—' },
      ]}
    />
  );
}
