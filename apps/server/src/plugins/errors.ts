import type { ApiError, ErrorCode, FieldError } from '@care/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_CONFIRMED: 403,
  INVALID_TOKEN: 400,
  CAPTCHA_REQUIRED: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  HEADERS_TOO_LARGE: 431,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  TOO_MANY_MESSAGES: 429,
  TOO_MANY_OFFER_REQUESTS: 429,
  UPLOAD_QUOTA_EXCEEDED: 429,
  ORIGIN_NOT_ALLOWED: 403,
  FILE_TOO_LARGE: 413,
  FILE_TYPE_NOT_ALLOWED: 415,
  FILE_EMPTY: 400,
  TOO_MANY_FILES: 413,
  REQUEST_TOO_LARGE: 413,
  FILES_REQUIRED: 400,
  SERVICE_REQUEST_CLOSED: 409,
  INVALID_STATUS_TRANSITION: 409,
  STATUS_CHANGED_MEANWHILE: 409,
  ASSIGNEE_NOT_STAFF: 422,
  ASSIGNMENT_CHANGED_MEANWHILE: 409,
  DATE_BEFORE_REPORT_DATE: 400,
  CORRECTION_NOT_ALLOWED: 409,
  NOTHING_TO_CORRECT: 400,
  DUPLICATE_OF_ITSELF: 422,
  DUPLICATE_OF_OTHER_CUSTOMER: 422,
  DUPLICATE_ORIGINAL_CLOSED: 422,
  DUPLICATE_HAS_DUPLICATES: 422,
  ALREADY_RATED: 409,
  SERVICE_REQUEST_NOT_FINISHED: 409,
  RATING_LINK_EXPIRED: 410,
  CATALOG_IMPORT_INVALID: 422,
  MACHINE_IMPORT_INVALID: 422,
  LAST_ADMIN: 409,
  STORAGE_FULL: 507,
  STORAGE_UNAVAILABLE: 503,
  PASSWORD_SIGN_IN_DISABLED: 403,
  SSO_FAILED: 400,
  SSO_NO_ROLE: 403,
  SSO_ACCOUNT_CONFLICT: 409,
  SSO_ACCOUNT_DISABLED: 403,
  SESSION_IS_CURRENT: 409,
  CUSTOMER_NOT_PENDING: 409,
  CUSTOMER_NOT_DEACTIVATED: 409,
  MACHINE_NOT_FOUND: 404,
  MACHINE_ALREADY_ASSIGNED: 409,
  MACHINE_OWNED_BY_ANOTHER: 409,
  SECOND_FACTOR_REQUIRED: 403,
  SECOND_FACTOR_SETUP_REQUIRED: 403,
  INVALID_SECOND_FACTOR: 400,
  LAST_SECOND_FACTOR: 409,
  PASSKEY_NOT_VERIFIED: 400,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/**
 * A plugin's or Fastify's own client error (it carries a statusCode) as the code of that status; any other 4xx is
 * 400 BAD_REQUEST, so that an answer's status and code always agree (a 403 or 414 said BAD_REQUEST, issue 13).
 */
const CODE_OF_CLIENT_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  431: 'HEADERS_TOO_LARGE',
  429: 'RATE_LIMITED',
};

const MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'The request is malformed.',
  VALIDATION_FAILED: 'Some fields are not valid.',
  UNAUTHENTICATED: 'Please sign in.',
  INVALID_CREDENTIALS: 'The e-mail address or password is not correct.',
  EMAIL_NOT_CONFIRMED: 'Please confirm your e-mail address first: open the link in the message we sent you.',
  INVALID_TOKEN: 'This link is not valid: it has expired or has already been used.',
  CAPTCHA_REQUIRED: 'Please verify the captcha.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: 'Not found.',
  METHOD_NOT_ALLOWED: 'This address does not take this method.',
  CONFLICT: 'This conflicts with the current state.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  HEADERS_TOO_LARGE: "The request's headers are too large: clear this site's cookies and try again.",
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not accepted.',
  RATE_LIMITED: 'Too many attempts. Please wait and try again.',
  TOO_MANY_MESSAGES: 'You have sent many messages in a short time. Please wait a minute and send again.',
  TOO_MANY_OFFER_REQUESTS:
    'You have sent several offer requests in a short time. Please wait a minute and send again.',
  UPLOAD_QUOTA_EXCEEDED: 'You have uploaded as many files today as we can take. You can send more tomorrow.',
  ORIGIN_NOT_ALLOWED: 'This request did not come from the portal.',
  FILE_TOO_LARGE: 'A file is larger than allowed.',
  FILE_TYPE_NOT_ALLOWED: 'This type of file is not accepted.',
  FILE_EMPTY: 'A file is empty.',
  TOO_MANY_FILES: 'Too many files in one upload.',
  REQUEST_TOO_LARGE: 'The files together are larger than allowed.',
  FILES_REQUIRED: 'Please select the files to upload.',
  SERVICE_REQUEST_CLOSED: 'This service request is closed and takes no more attachments.',
  INVALID_STATUS_TRANSITION: 'The service request cannot move from its current status to this one.',
  STATUS_CHANGED_MEANWHILE:
    'The status of this service request was changed in the meantime. Reload it and try again.',
  ASSIGNEE_NOT_STAFF: 'A request can only be assigned to an active service employee or admin.',
  ASSIGNMENT_CHANGED_MEANWHILE:
    'Someone else took, handed over or released this request in the meantime. Reload it and try again.',
  DATE_BEFORE_REPORT_DATE:
    'The estimated completion date and the completion date cannot be before the day the request was reported.',
  CORRECTION_NOT_ALLOWED:
    'This service request is closed: its machine, transport and delivery place stay as they are.',
  NOTHING_TO_CORRECT: 'The values are the same as the request has: nothing to correct.',
  DUPLICATE_OF_ITSELF: 'A request cannot be a duplicate of itself.',
  DUPLICATE_OF_OTHER_CUSTOMER: 'A request can only be a duplicate of another request of the same customer.',
  DUPLICATE_ORIGINAL_CLOSED:
    'That request is closed: a duplicate must point to a request that is still open.',
  DUPLICATE_HAS_DUPLICATES: 'Other requests are duplicates of this one: it cannot become a duplicate itself.',
  ALREADY_RATED: 'This service request has already been rated.',
  SERVICE_REQUEST_NOT_FINISHED: 'The service request can be rated once it has been executed.',
  RATING_LINK_EXPIRED:
    'This rating link has expired. You can still rate the service on the request page after signing in.',
  CATALOG_IMPORT_INVALID: 'The catalogue file has problems; nothing was imported.',
  MACHINE_IMPORT_INVALID: 'The machines file has bad rows; nothing was imported.',
  LAST_ADMIN: 'This is the last active admin: the account cannot be disabled or lose the admin role.',
  STORAGE_FULL: 'There is no room left to store files. Please try again later.',
  STORAGE_UNAVAILABLE: 'Files cannot be stored at the moment. Please try again later.',
  PASSWORD_SIGN_IN_DISABLED: 'Staff sign in with single sign-on: use the button on the sign-in page.',
  SSO_FAILED: 'Single sign-on did not complete. Please try again.',
  SSO_NO_ROLE: 'Your groups at the identity provider give you no role in the portal. Ask your IT department.',
  SSO_ACCOUNT_CONFLICT: 'This e-mail address belongs to another portal account. Ask an administrator.',
  SSO_ACCOUNT_DISABLED: 'Your portal account is disabled. Ask an administrator.',
  SESSION_IS_CURRENT: 'This is the session you are using: sign out to end it.',
  CUSTOMER_NOT_PENDING: 'This account has already confirmed its e-mail address (or is deactivated).',
  CUSTOMER_NOT_DEACTIVATED: 'This account is not deactivated.',
  MACHINE_NOT_FOUND: 'No machine has this serial number.',
  MACHINE_ALREADY_ASSIGNED: 'This machine already belongs to this customer.',
  MACHINE_OWNED_BY_ANOTHER: 'This machine belongs to another customer.',
  SECOND_FACTOR_REQUIRED: 'Please confirm your sign-in with your second factor.',
  SECOND_FACTOR_SETUP_REQUIRED: 'Please set up a second factor before you continue.',
  INVALID_SECOND_FACTOR: 'The code or passkey was not accepted. Please try again.',
  LAST_SECOND_FACTOR: 'Your account must keep a second factor: add another one before removing this one.',
  PASSKEY_NOT_VERIFIED: 'The passkey could not be registered. Please try again.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
  INTERNAL: 'An unexpected error occurred.',
};

/** The HTTP status an answer with this code has (the property tests check every answer against it). */
export const statusOf = (code: ErrorCode): number => STATUS[code];

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
export const fieldError = (path: string, code: string) =>
  new AppError('VALIDATION_FAILED', undefined, [{ path, code }]);

/** Contract schemas carry translation keys as messages (e.g. "form.wrong-email"); zod's own messages are not keys. */
const TRANSLATION_KEY = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const fieldCode = (message: string | undefined, fallback: string) =>
  TRANSLATION_KEY.test(message ?? '') ? message! : `validation.${fallback}`;

/** The values a contract schema's custom issue names in its message (`params` of only strings), if any. */
function messageParams(params: unknown): { params?: Record<string, string> } {
  if (typeof params !== 'object' || params === null) return {};
  const entries = Object.entries(params);
  if (!entries.length || !entries.every(([, value]) => typeof value === 'string')) return {};
  return { params: Object.fromEntries(entries) as Record<string, string> };
}

/**
 * A zod failure of a value checked in a service (not by the route schema: multipart fields, a JSON part, a
 * setting's value), as field errors like the route schema's (under `prefix`, if given).
 */
export function validationFailed(error: z.ZodError, prefix?: string): AppError {
  const fields = error.issues.map((issue) => ({
    path: [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.'),
    code: fieldCode(issue.message, issue.code),
    ...(issue.code === 'custom' ? messageParams(issue.params) : {}),
  }));
  return new AppError('VALIDATION_FAILED', undefined, fields);
}

function body(code: ErrorCode, message?: string, fields?: FieldError[]): ApiError {
  return { code, message: message ?? MESSAGES[code], ...(fields?.length ? { fields } : {}) };
}

const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

/** File-system errors (they carry a syscall) of a full or unwritable disk: the file store, the mail directory. */
const STORAGE_FULL = new Set(['ENOSPC', 'EDQUOT']);
const STORAGE_UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM']);

function storageErrorOf(error: unknown): 'STORAGE_FULL' | 'STORAGE_UNAVAILABLE' | null {
  const e = error as { code?: string; syscall?: string; cause?: unknown };
  if (e?.code && e.syscall) {
    if (STORAGE_FULL.has(e.code)) return 'STORAGE_FULL';
    if (STORAGE_UNWRITABLE.has(e.code)) return 'STORAGE_UNAVAILABLE';
  }
  return e?.cause ? storageErrorOf(e.cause) : null;
}

function isDatabaseDown(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown };
  if (e?.code && CONNECTION_ERRORS.has(e.code)) return true;
  if (/Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(e?.message ?? ''))
    return true;
  return e?.cause ? isDatabaseDown(e.cause) : false;
}

/** More than this left unread after an error, and the connection is closed rather than read to the end. */
const MAX_DRAIN_BYTES = 256 * 1024 * 1024;

/**
 * An upload refused part-way (a full disk, a wrong file type) leaves the rest of its body unread. The client is
 * still sending it and reads no answer until it has: both would wait for ever. So the rest is read and dropped
 * (the answer arrives once it is sent, and the connection stays usable); beyond MAX_DRAIN_BYTES the connection
 * is closed instead.
 */
function drainUnreadBody(raw: FastifyRequest['raw']): void {
  if (raw.complete || raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > MAX_DRAIN_BYTES) raw.socket.destroy();
  });
  raw.resume();
}

/**
 * The query parameters a route does not declare (plugins/strict-query.ts), which zod reports as one
 * `unrecognized_keys` issue listing them. Answered alone, each named, before any other problem of the query: a
 * misspelt name is the problem to fix first.
 */
function unknownParameters(issues: { keyword: string; params: Record<string, unknown> }[]): string[] {
  return issues.flatMap((issue) =>
    issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)
      ? issue.params.keys.map(String)
      : [],
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    drainUnreadBody(request.raw);
    if (error instanceof AppError) {
      return reply.status(STATUS[error.code]).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const unknown = error.validationContext === 'querystring' ? unknownParameters(error.validation) : [];
      if (unknown.length > 0) {
        const fields = unknown.map((name) => ({ path: name, code: 'validation.unknown-parameter' }));
        const message = `This call takes no query parameter ${unknown.map((name) => `"${name}"`).join(', ')}.`;
        return reply.status(400).send(body('VALIDATION_FAILED', message, fields));
      }
      const fields = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        code: fieldCode(issue.message, issue.keyword),
        // fastify-type-provider-zod keeps the rest of the zod issue, a custom issue's params included.
        ...(issue.keyword === 'custom' ? messageParams(issue.params.params) : {}),
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
    const storage = storageErrorOf(error);
    if (storage) {
      request.log.error({ err: error }, 'file store not writable');
      return reply.status(STATUS[storage]).header('retry-after', '60').send(body(storage));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = CODE_OF_CLIENT_STATUS[error.statusCode] ?? 'BAD_REQUEST';
      return reply.status(STATUS[code]).send(body(code));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL'));
  });
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send(body('NOT_FOUND'));
}

/** 405 with the methods the path has (RFC 9110 15.5.6: the Allow header is required). */
export function sendMethodNotAllowed(reply: FastifyReply, allowed: readonly string[]): FastifyReply {
  return reply.status(405).header('allow', allowed.join(', ')).send(body('METHOD_NOT_ALLOWED'));
}
