import { z } from 'zod';
import { endpoints } from './endpoint.ts';

export const HealthSchema = z.object({ status: z.literal('ok') });
export const ReadinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

/** Probes for load balancers and orchestrators, not part of the published API. */
export const healthEndpoints = endpoints('health', {
  live: {
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: the process answers',
    access: 'anyone',
    responses: { 200: HealthSchema },
    hidden: true,
  },
  /** 503 with its own body (not an error answer): the balancer reads which dependency is down. */
  ready: {
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: the database answers',
    access: 'anyone',
    responses: { 200: ReadinessSchema, 503: ReadinessSchema },
    hidden: true,
  },
});
