import type { ServiceRequestStatus } from '@care/contract/statuses';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusTone } from '#app/components/layout/status-badge.tsx';

/** The customer's screens use the same tones: N is new; F is the happy end; X and U are refusals. */
const TONES: Record<ServiceRequestStatus, StatusTone> = {
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

/** A service request status with its SPEC label (services:status.*). */
export function RequestStatusBadge({ status }: { status: ServiceRequestStatus }) {
  const { t } = useTranslation('services');
  return <StatusBadge label={t(`status.${status}`)} tone={TONES[status]} />;
}
