import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

/** A check of who is asking (signed in, role, authority) that reads nothing of the request but its session. */
export type AccessGuard = (request: FastifyRequest) => Promise<void>;

const accessGuards = new WeakSet<AccessGuard>();

/** Marks a route guard as an access decision, so that it runs before the request's body is read (see below). */
export function accessGuard<T extends AccessGuard>(guard: T): T {
  accessGuards.add(guard);
  return guard;
}

const isAccessGuard = (hook: unknown): hook is AccessGuard =>
  typeof hook === 'function' && accessGuards.has(hook as AccessGuard);

/**
 * Routes name their guard where it reads best, beside the other checks: `preHandler: requireUser` or
 * `preHandler: [requireUser, passwordCheck]`. Fastify validates the body, query and parameters before
 * preHandler, so an anonymous caller with a bad body got 400 naming the fields instead of 401, and a caller
 * without the role learnt the route's schema. This moves every access guard of a route's preHandler into its
 * onRequest, in order: it runs before the body is read, before the input guard and the schema (the session is
 * resolved in onRequest too, plugins/session.ts). Checks that need the validated body (the password check,
 * per-account limits, quotas) stay in preHandler and run after the guard as before (issue 16).
 */
export function registerAccessGuards(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const preHandler = [route.preHandler ?? []].flat();
    const guards = preHandler.filter(isAccessGuard);
    if (guards.length === 0) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), ...guards];
    const rest = preHandler.filter((hook) => !isAccessGuard(hook));
    route.preHandler = rest.length > 0 ? rest : undefined;
  });
}
