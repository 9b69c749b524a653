import type { StaffCustomer } from '@care/contract/staff';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { addressLines } from '#app/lib/address.ts';

/** Who filed the request and how to reach them. */
export function CustomerDetails({ customer }: { customer: StaffCustomer }) {
  const { t } = useTranslation('staff');
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  const lines = customer.address ? addressLines(customer.address) : [];
  return (
    <FieldList
      labelWidth={110}
      fields={[
        { label: t('customer.name'), value: name || '—' },
        {
          label: t('customer.email'),
          value: (
            <Anchor inherit href={`mailto:${customer.email}`} style={{ overflowWrap: 'anywhere' }}>
              {customer.email}
            </Anchor>
          ),
        },
        {
          label: t('customer.phone'),
          value: customer.phone ? (
            <Anchor inherit href={`tel:${customer.phone}`}>
              {customer.phone}
            </Anchor>
          ) : (
            '—'
          ),
        },
        { label: t('customer.language'), value: t(`customer.languages.${customer.language}`) },
        {
          label: t('customer.address'),
          value:
            lines.length > 0
              ? lines.map((line, index) => <div key={index}>{line}</div>)
              : t('customer.no-address'),
        },
      ]}
    />
  );
}
