import { SERVICE_REQUEST_STATUSES, type ServiceRequestStatus } from '@care/contract/statuses';
import { z } from 'zod';
import type { StatusTone } from '#app/components/layout/status-badge.tsx';

/**
 * What the service-request screens show (SPEC §3 "Service request"). Until the service-requests issue adds
 * the contract's schema, this view schema reads the fields the screens need and ignores the rest.
 */
export const ServiceRequestViewSchema = z.looseObject({
  id: z.coerce.string(),
  code: z.string(),
  reportDate: z.string(),
  estimatedCompletionDate: z.string().nullish(),
  completionDate: z.string().nullish(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  machineName: z.string().nullish(),
  transportType: z.string().nullish(),
  deliveryPlace: z.string().nullish(),
  problemDescription: z.string().nullish(),
  comments: z.string().nullish(),
  serviceOpinion: z.string().nullish(),
  additionalParts: z.string().nullish(),
});
export type ServiceRequestView = z.infer<typeof ServiceRequestViewSchema>;

/** N is new; F is the happy end; X and U are refusals (DESIGN.md transitions). */
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
