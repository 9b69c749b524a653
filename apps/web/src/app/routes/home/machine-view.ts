import { MACHINE_STATUSES, type MachineStatus } from '@care/contract/statuses';
import { z } from 'zod';
import type { StatusTone } from '#app/components/layout/status-badge.tsx';

/**
 * What the machine screens show (SPEC §3 "Machine"). Until the machines issue adds the contract's
 * schema for api/end-products, this view schema reads the fields the screens need and ignores the rest.
 */
export const MachineViewSchema = z.looseObject({
  id: z.coerce.string(),
  name: z.string(),
  serialNumber: z.string(),
  purchaseDate: z.string().nullish(),
  guaranteeEndDate: z.string().nullish(),
  status: z.enum(MACHINE_STATUSES),
  dealer: z.string().nullish(),
});
export type MachineView = z.infer<typeof MachineViewSchema>;

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
