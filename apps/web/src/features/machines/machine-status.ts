import type { MachineStatus } from '@care/contract/statuses';
import type { StatusTone } from '#app/components/layout/status-badge.tsx';

/** Groups the ERP's production and delivery stages into the badge colours. */
export const MACHINE_STATUS_TONES: Record<MachineStatus, StatusTone> = {
  D: 'new',
  S: 'waiting',
  P: 'progress',
  H: 'waiting',
  M: 'progress',
  B: 'progress',
  C: 'progress',
  E: 'waiting',
  W: 'progress',
  I: 'done',
  R: 'done',
  G: 'closed',
  X: 'negative',
};
