import type { FastifyInstance } from 'fastify';

/** One line per security-relevant answer (ASVS 5.0 16.3.1–16.3.3), beside Fastify's request lines. */
export interface SecurityEvent {
  security: string;
  status: number;
  /** The signed-in user the request came with, if any (never an e-mail address or a token). */
  userId: number | null;
  ip: string;
  method: string;
  route: string;
}

/** Authentication operations, logged whatever their outcome: `<event>` when it succeeded, `<event>-refused` if not. */
const AUTHENTICATION: Record<string, string> = {
  'POST /auth/login': 'sign-in',
  'POST /auth/logout': 'sign-out',
  'POST /auth/registration': 'registration',
  'POST /auth/registrationB2C': 'registration-b2c',
  'POST /auth/registration/confirmation': 'registration-confirmation',
  'POST /auth/password-reset': 'password-reset-request',
  'POST /auth/password-reset/check': 'password-reset-check',
  'POST /auth/password-reset/confirmation': 'password-reset',
  'PUT /api/user/password': 'password-change',
  'POST /api/user/deactivation': 'deactivation',
};

/** Refusals of other requests: no session, no right, too many attempts, a cross-site or non-JSON change. */
const REFUSALS: Record<number, string> = {
  401: 'unauthenticated',
  403: 'forbidden',
  415: 'content-type-refused',
  429: 'rate-limited',
};

export interface AnsweredRequest {
  method: string;
  /** The route's pattern (`/api/service-requests/:id`), undefined when no route matched. */
  route: string | undefined;
  ip: string;
  userId: number | null;
  status: number;
}

/** The security event an answer is, or undefined for an ordinary one. */
export function securityEventOf(basePath: string, answered: AnsweredRequest): SecurityEvent | undefined {
  const route = answered.route?.startsWith(basePath) ? answered.route.slice(basePath.length) : answered.route;
  const base = { status: answered.status, userId: answered.userId, ip: answered.ip, method: answered.method };
  const authentication = route && AUTHENTICATION[`${answered.method} ${route}`];
  if (authentication) {
    const security = answered.status < 400 ? authentication : `${authentication}-refused`;
    // A sign-in's session is the one the browser carried before; the new one is named by `session-started`.
    const userId = authentication === 'sign-in' ? null : answered.userId;
    return { security, ...base, userId, route };
  }
  const refusal = REFUSALS[answered.status];
  if (refusal) return { security: refusal, ...base, route: route ?? '(no route)' };
  // Another customer's record answers 404 (8.2.2): a signed-in user meeting one on a real route is worth a line.
  if (answered.status === 404 && route && answered.userId !== null) {
    return { security: 'not-found', ...base, route };
  }
  return undefined;
}

export function registerSecurityLog(app: FastifyInstance, basePath: string): void {
  app.addHook('onResponse', async (request, reply) => {
    const event = securityEventOf(basePath, {
      method: request.method,
      route: request.routeOptions.url,
      ip: request.ip,
      userId: request.actor?.id ?? null,
      status: reply.statusCode,
    });
    if (event) request.log.info(event, 'security event');
  });
}
