import type { SecondFactorStep } from '@care/contract/mfa';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';

/** The account behind a request that passed its access guard (plugins/session.ts), and the step its session waits at. */
export function accountOf(request: FastifyRequest): { actor: Actor; step: SecondFactorStep | null } {
  if (request.actor) return { actor: request.actor, step: null };
  if (request.pendingSecondFactor) return request.pendingSecondFactor;
  throw new AppError('UNAUTHENTICATED');
}
