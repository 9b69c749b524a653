import type { ServiceRequestStatus } from '@care/contract/statuses';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusTone } from './status-badge.tsx';

/** N is new; F is the happy end; X and U are refusals (docs/design.md transitions). The customer's and staff screens share it. */
export const SERVICE_STATUS_TONES: Record<ServiceRequestStatus, StatusTone> = {
  N: 'new',
  C: 'progress',
  R: 'progress',
  P: 'waiting',
  O: 'waiting',
  A: 'progress',
  F: 'done',
  X: 'negative',
  U: 'negative',
};

/** A request's status with its SPEC label (services:status.<code>). */
export function ServiceStatusBadge({ status, wrap }: { status: ServiceRequestStatus; wrap?: boolean }) {
  const { t } = useTranslation('services');
  return <StatusBadge label={t(`status.${status}`)} tone={SERVICE_STATUS_TONES[status]} wrap={wrap} />;
}
