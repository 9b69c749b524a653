import type { MachineStatus } from '@care/contract/statuses';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '#app/components/layout/status-badge.tsx';
import { MACHINE_STATUS_TONES } from '../machine-status.ts';

/** A machine's status with its SPEC label (machines:status.<code>). */
export function MachineStatusBadge({ status, wrap }: { status: MachineStatus; wrap?: boolean }) {
  const { t } = useTranslation('machines');
  return <StatusBadge label={t(`status.${status}`)} tone={MACHINE_STATUS_TONES[status]} wrap={wrap} />;
}
