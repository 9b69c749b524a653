import type { OfferRequestStatus } from '@care/contract/statuses';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusTone } from '#app/components/layout/status-badge.tsx';

const OFFER_STATUS_TONES: Record<OfferRequestStatus, StatusTone> = {
  sent: 'new',
  in_progress: 'progress',
  quoted: 'done',
  closed: 'closed',
};

/** An offer request's status (cart:offers.status.<code>), the same on the customer's and the sales screens. */
export function OfferStatusBadge({ status }: { status: OfferRequestStatus }) {
  const { t } = useTranslation('cart');
  return <StatusBadge label={t(`offers.status.${status}`)} tone={OFFER_STATUS_TONES[status]} />;
}
