import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { ApiError } from '@care/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import type { Env } from '#app/config/env.ts';
import { AppError } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The bodies the API reads: JSON, which no HTML form can send, and multipart, which the uploads need. */
const ACCEPTED_BODY = /^\s*(application\/json|multipart\/form-data)\s*(;|$)/i;
/** The content types an HTML form can send (its enctype), so a page on any site can post them without CORS. */
const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\s*(;|$)/i;

/**
 * Security headers (strict CSP, HSTS in production, frame-ancestors 'none', nosniff, Referrer-Policy) and
 * the cross-site request guard: state changes must come from an allowed Origin and, with a body, be JSON or
 * multipart. Browsers always send Origin on cross-origin POSTs, and HTML forms cannot send JSON; a form's content
 * type (multipart: a form can send it) also needs an allowed Origin, or an allowed Referer where a client sends
 * no Origin, so a form from a browser or proxy that leaves both out cannot change anything. The web app's fetch
 * and XMLHttpRequest uploads always send Origin (Fetch standard: every request that is not GET or HEAD).
 *
 * The headers are helmet's, computed once at start and set by one hook (docs/decisions/058): they depend only on
 * the configuration, and @fastify/helmet built helmet anew, CSP string included, on every request.
 */
export function registerSecurity(app: FastifyInstance, env: Env, scriptHashes: string[]): void {
  const headers = securityHeaders(helmetOptions(env, scriptHashes));
  const allowed = new Set([new URL(env.PUBLIC_URL).origin, ...extraOrigins(env)]);
  const isAllowed = (origin: string, host: string | undefined) =>
    allowed.has(origin) || isSameHost(origin, host);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    const refusal = STATE_CHANGING.has(request.method) ? crossSiteRefusal(request, isAllowed) : null;
    if (refusal) done(refusal);
    else done();
  });
}

/** Why a state-changing request is refused as possibly cross-site, or null when it may go on. */
function crossSiteRefusal(
  request: FastifyRequest,
  isAllowed: (origin: string, host: string | undefined) => boolean,
): AppError | null {
  const origin = request.headers.origin;
  if (origin !== undefined && !isAllowed(origin, request.headers.host)) {
    return new AppError('ORIGIN_NOT_ALLOWED');
  }
  if (request.headers['sec-fetch-site'] === 'cross-site' && origin === undefined) {
    return new AppError('ORIGIN_NOT_ALLOWED');
  }
  const hasBody =
    Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  const type = request.headers['content-type'] ?? '';
  if (hasBody && !ACCEPTED_BODY.test(type)) {
    return new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  if (origin === undefined && FORM_TYPES.test(type)) {
    const referer = originOf(request.headers.referer);
    if (referer === null || !isAllowed(referer, request.headers.host))
      return new AppError('ORIGIN_NOT_ALLOWED');
  }
  return null;
}

type HelmetOptions = NonNullable<Parameters<typeof helmet>[0]>;

/** A response that is never sent and only records the headers set on it, in order. */
class HeaderRecorder extends ServerResponse {
  readonly recorded: (readonly [string, string])[] = [];
  override setHeader(name: string, value: number | string | readonly string[]): this {
    this.recorded.push([name, String(value)]);
    return this;
  }
}

/**
 * The headers helmet sets with `options`, in its order: its own middleware run once. None of our directives
 * depends on the request, so every answer gets these same values.
 */
export function securityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const response = new HeaderRecorder(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, (error?: unknown) => {
    if (error) throw error;
  });
  return response.recorded;
}

/** The headers' configuration, shared by every answer and by answerFrameworkError (tests compare with helmet). */
export function helmetOptions(env: Env, scriptHashes: string[]): HelmetOptions {
  return {
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
        // ASVS 5.0 3.4.3: object-src and base-uri 'none' (the page has no <base> element).
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    strictTransportSecurity:
      env.NODE_ENV === 'production' ? { maxAge: 31536000, includeSubDomains: true } : (false as const),
    // The same as frame-ancestors 'none', for browsers that know only this header (helmet's default is SAMEORIGIN).
    xFrameOptions: { action: 'deny' as const },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Fastify's `frameworkErrors`: the router answers a malformed URL (a bad percent escape in a path parameter) or a
 * too-long path parameter itself, before any hook runs, with its own JSON that echoes the URL and without the
 * security headers. This answers them like every other error: the headers, and an ApiError.
 */
export function answerFrameworkError(env: Env): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const headers = securityHeaders(helmetOptions(env, []));
  return (error, request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    const code = error.code === 'FST_ERR_ASYNC_CONSTRAINT' ? 'INTERNAL' : 'BAD_REQUEST';
    if (code === 'INTERNAL') request.log.error({ err: error }, 'router error');
    const { message } = new AppError(code);
    const status = code === 'INTERNAL' ? 500 : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
    return (reply as FastifyReply)
      .status(status)
      .header('x-request-id', request.id)
      .send({ code, message } satisfies ApiError);
  };
}

/**
 * Fastify's `clientErrorHandler`: Node refuses a request it cannot parse (400) or whose headers are too large
 * (431) before Fastify sees it; this writes those answers as ApiErrors with the security headers too.
 */
export function answerClientError(env: Env): NonNullable<FastifyServerOptions['clientErrorHandler']> {
  const headers = [
    'Content-Type: application/json; charset=utf-8',
    'X-Content-Type-Options: nosniff',
    "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
    'X-Frame-Options: DENY',
    'Referrer-Policy: strict-origin-when-cross-origin',
    ...(env.NODE_ENV === 'production'
      ? ['Strict-Transport-Security: max-age=31536000; includeSubDomains']
      : []),
    'Connection: close',
  ];
  return (error, socket) => {
    if ((error as { code?: string }).code === 'ECONNRESET' || socket.destroyed) return;
    const tooLarge = (error as { code?: string }).code === 'HPE_HEADER_OVERFLOW';
    const code = tooLarge ? 'HEADERS_TOO_LARGE' : 'BAD_REQUEST';
    const body = JSON.stringify({ code, message: new AppError(code).message } satisfies ApiError);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
          `${headers.join('\r\n')}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

function extraOrigins(env: Env): string[] {
  return env.ALLOWED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
}

/**
 * A request whose Origin names the host it was sent to is same-origin (covers any port or host name the operator
 * uses). The Host header may spell out the scheme's default port (`localhost:80`), which an origin leaves out.
 */
function isSameHost(origin: string, host: string | undefined): boolean {
  try {
    const url = new URL(origin);
    return host !== undefined && url.host === new URL(`${url.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/** The origin of a Referer header (`https://portal.example/home/...` → `https://portal.example`), or null. */
function originOf(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const { origin } = new URL(referer);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
