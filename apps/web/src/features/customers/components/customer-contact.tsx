import type { StaffCustomerDetails } from '@care/contract/customers';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { addressLines } from '#app/lib/address.ts';

/** Contact data and address. */
export function CustomerContact({ customer }: { customer: StaffCustomerDetails }) {
  const { t } = useTranslation('customers');
  const lines = customer.address ? addressLines(customer.address) : [];
  return (
    <FieldList
      labelWidth={140}
      fields={[
        { label: t('fields.name'), value: `${customer.firstName} ${customer.lastName}`.trim() || '—' },
        {
          label: t('fields.email'),
          value: (
            <Anchor inherit href={`mailto:${customer.email}`} style={{ overflowWrap: 'anywhere' }}>
              {customer.email}
            </Anchor>
          ),
        },
        {
          label: t('fields.phone'),
          value: customer.phone ? (
            <Anchor inherit href={`tel:${customer.phone}`}>
              {customer.phone}
            </Anchor>
          ) : (
            '—'
          ),
        },
        { label: t('fields.pesel-or-nip'), value: customer.peselOrNip || '—' },
        { label: t('fields.language'), value: t(`languages.${customer.language}`) },
        {
          label: t('fields.address'),
          value:
            lines.length > 0 ? lines.map((line, index) => <div key={index}>{line}</div>) : t('no-address'),
        },
      ]}
    />
  );
}
