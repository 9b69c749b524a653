import type { StaffCustomerDetails } from '@care/contract/customers';
import { useTranslation } from 'react-i18next';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { formatDateTime } from '#app/lib/date-time.ts';

/** Consents and the account's history: when the rules and marketing were accepted, sign-ins, status dates. */
export function CustomerAccount({ customer }: { customer: StaffCustomerDetails }) {
  const { t } = useTranslation('customers');
  const at = (value: string | null, none: string) => (value ? formatDateTime(value) : none);
  return (
    <FieldList
      labelWidth={170}
      fields={[
        { label: t('fields.rules-accepted'), value: at(customer.rulesAcceptedAt, t('not-given')) },
        {
          label: t('fields.marketing'),
          value: customer.marketingConsent
            ? t('consent-given', { at: at(customer.marketingConsentAt, '—') })
            : t('not-given'),
        },
        { label: t('fields.created'), value: formatDateTime(customer.createdAt) },
        { label: t('fields.email-confirmed'), value: at(customer.emailConfirmedAt, t('not-yet')) },
        { label: t('fields.last-login'), value: at(customer.lastLoginAt, t('never')) },
        ...(customer.deactivatedAt
          ? [{ label: t('fields.deactivated'), value: formatDateTime(customer.deactivatedAt) }]
          : []),
        { label: t('fields.store'), value: customer.storeLinked ? t('store-linked') : t('store-not-linked') },
      ]}
    />
  );
}
