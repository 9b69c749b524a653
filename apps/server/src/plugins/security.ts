import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Env } from '#app/config/env.ts';
import { AppError } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** HTML forms can send neither; so no cross-site form can reach a handler. */
const ACCEPTED_BODY = /^\s*(application\/json|multipart\/form-data)\s*(;|$)/i;

/**
 * Security headers (strict CSP, HSTS in production, frame-ancestors 'none', nosniff, Referrer-Policy) and
 * the cross-site request guard: state changes must come from an allowed Origin and, with a body, be JSON or
 * multipart. Browsers always send Origin on cross-origin POSTs, and HTML forms cannot send JSON.
 */
export async function registerSecurity(
  app: FastifyInstance,
  env: Env,
  scriptHashes: string[],
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        // Mantine sets CSS variables and positions through style attributes and a <style> tag.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extraOrigins(env)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    strictTransportSecurity:
      env.NODE_ENV === 'production' ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  const allowed = new Set([new URL(env.PUBLIC_URL).origin, ...extraOrigins(env)]);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin) && !isSameHost(origin, request.headers.host)) {
      throw new AppError('ORIGIN_NOT_ALLOWED');
    }
    if (request.headers['sec-fetch-site'] === 'cross-site' && origin === undefined) {
      throw new AppError('ORIGIN_NOT_ALLOWED');
    }
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 ||
      request.headers['transfer-encoding'] !== undefined;
    if (hasBody && !ACCEPTED_BODY.test(request.headers['content-type'] ?? '')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    }
  });
}

function extraOrigins(env: Env): string[] {
  return env.ALLOWED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
}

/** A request whose Origin names the host it was sent to is same-origin (covers any port or host name the operator uses). */
function isSameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
