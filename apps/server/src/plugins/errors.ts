import type { ApiError, ErrorCode, FieldError } from '@care/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  ORIGIN_NOT_ALLOWED: 403,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

const MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'The request is malformed.',
  VALIDATION_FAILED: 'Some fields are not valid.',
  UNAUTHENTICATED: 'Please sign in.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'This conflicts with the current state.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not accepted.',
  RATE_LIMITED: 'Too many attempts. Please wait and try again.',
  ORIGIN_NOT_ALLOWED: 'This request did not come from the portal.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
  INTERNAL: 'An unexpected error occurred.',
};

/** The one error type business code throws; the handler below turns it into `{ code, message, fields }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldError[] | undefined;
  constructor(code: ErrorCode, message?: string, fields?: FieldError[]) {
    super(message ?? MESSAGES[code]);
    this.code = code;
    this.fields = fields;
  }
}

export const notFound = () => new AppError('NOT_FOUND');
export const fieldError = (path: string, code: string) => new AppError('VALIDATION_FAILED', undefined, [{ path, code }]);

function body(code: ErrorCode, message?: string, fields?: FieldError[]): ApiError {
  return { code, message: message ?? MESSAGES[code], ...(fields?.length ? { fields } : {}) };
}

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001', '08003']);

function isDatabaseDown(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown };
  if (e?.code && CONNECTION_ERRORS.has(e.code)) return true;
  if (/Connection terminated|timeout exceeded when trying to connect/i.test(e?.message ?? '')) return true;
  return e?.cause ? isDatabaseDown(e.cause) : false;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(STATUS[error.code]).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        // Contract schemas carry translation keys as messages (e.g. "form.wrong-email"); zod's own messages are not keys.
        code: /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(issue.message ?? '') ? issue.message! : `validation.${issue.keyword}`,
      }));
      return reply.status(400).send(body('VALIDATION_FAILED', undefined, fields));
    }
    if (error.statusCode === 429) return reply.status(429).send(body('RATE_LIMITED'));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(413).send(body('PAYLOAD_TOO_LARGE'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
      return reply.status(415).send(body('UNSUPPORTED_MEDIA_TYPE'));
    }
    if (isDatabaseDown(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(body('SERVICE_UNAVAILABLE'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(body(error.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL'));
  });
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send(body('NOT_FOUND'));
}
