import type { CustomerStatus } from '@care/contract/customers';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusTone } from '#app/components/layout/status-badge.tsx';

const TONES: Record<CustomerStatus, StatusTone> = {
  pending: 'waiting',
  active: 'done',
  deactivated: 'closed',
};

/** An account's status (customers:status.<code>). */
export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation('customers');
  return <StatusBadge label={t(`status.${status}`)} tone={TONES[status]} />;
}
