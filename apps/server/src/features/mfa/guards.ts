import type { SecondFactorStep } from '@care/contract/mfa';
import type { FastifyRequest } from 'fastify';
import { accessGuard } from '#app/plugins/access-guards.ts';
import { AppError } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';

/** Route guard of auth/second-factor: a session that has the password and waits for the second factor. */
export const requireVerifyStep = accessGuard(async (request: FastifyRequest): Promise<void> => {
  if (request.pendingSecondFactor?.step !== 'verify') throw new AppError('UNAUTHENTICATED');
});

/**
 * Route guard of the account's own second-factor settings: a signed-in user, or a staff session held to set up
 * a second factor (the only thing it may do besides signing out).
 */
export const requireUserOrSetupStep = accessGuard(async (request: FastifyRequest): Promise<void> => {
  if (request.actor || request.pendingSecondFactor?.step === 'setup') return;
  if (request.pendingSecondFactor) throw new AppError('SECOND_FACTOR_REQUIRED');
  throw new AppError('UNAUTHENTICATED');
});

/** The account behind a request that passed one of the guards above, and the step its session waits at. */
export function accountOf(request: FastifyRequest): { actor: Actor; step: SecondFactorStep | null } {
  if (request.actor) return { actor: request.actor, step: null };
  if (request.pendingSecondFactor) return request.pendingSecondFactor;
  throw new AppError('UNAUTHENTICATED');
}
