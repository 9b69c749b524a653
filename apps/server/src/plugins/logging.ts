import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { prettyFactory } from 'pino-pretty';
import type { Env } from '#app/config/env.ts';

/** Where log lines go instead of stdout (pino's destination stream). */
export interface LogStream {
  write(line: string): void;
}

/*
 * What the log keeps (ASVS 5.0 16.2.5, issue 13 finding 7 and 4): no secret that came in a URL, and no value a
 * failed statement was run with. Request lines name the URL with the e-mailed tokens cut out; errors are
 * serialized without the statement's parameters or PostgreSQL's detail, which quotes the values.
 */

const REDACTED = '[redacted]';

/**
 * Web pages whose address carries what an e-mail gave one person (apps/web/src/app/router.tsx; the links are made
 * by registration.service.ts and auth.service.ts): `/confirm/<token>/<e-mail address>` and
 * `/reset-password/<token>`. React Router matches paths regardless of case, so this does too.
 */
const SECRET_PATH = /(\/(?:confirm|reset-password)\/)[^?#]*/i;

/** Query parameters whose value is a secret: tokens, codes, keys and passwords under any name holding one. */
const SECRET_PARAMETER = /token|code|key|secret|password|signature|sig$|auth|session/i;

const decodedName = (name: string) => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
};

/** `url` as it may be logged: the path's tokens and the secret query parameters' values replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? undefined : url.slice(queryAt + 1);
  const safePath = path.replace(SECRET_PATH, `$1${REDACTED}`);
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && SECRET_PARAMETER.test(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Fastify's request serializer (fastify/lib/logger-pino.js) with the URL redacted. */
function requestOf(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Properties of errors that hold the values of a statement: drizzle's params, PostgreSQL's detail and where. */
const VALUE_PROPERTIES = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);

/** A five-character SQLSTATE: the error came from PostgreSQL (node-postgres or PGlite). */
const isSqlState = (code: unknown) => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

interface ErrorLike {
  name?: string;
  constructor?: unknown;
  message: string;
  stack?: string;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  code?: unknown;
  [key: string]: unknown;
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';

function safeMessage(error: ErrorLike): string {
  // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>".
  if (typeof error.query === 'string' && error.message.startsWith('Failed query: '))
    return `Failed query: ${error.query}`;
  // PostgreSQL's data exceptions (class 22) quote the value they refused: `invalid input syntax for type
  // integer: "…"`, `value "…" is out of range for type integer`.
  if (isSqlState(error.code) && String(error.code).startsWith('22'))
    return error.message.replace(/"[^"]*"/g, `"${REDACTED}"`);
  return error.message;
}

/**
 * What the log keeps of an error (and its causes): its type, message, stack and properties like pino's own
 * serializer, without the values it was run with.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!isErrorLike(error)) return { type: typeof error, message: String(error), stack: '' };
  const message = safeMessage(error);
  // The stack's first line repeats the message.
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  const serialized: SerializedError = {
    type: typeof error.constructor === 'function' ? error.constructor.name : String(error.name),
    message,
    stack: `${error.name ?? 'Error'}: ${message}${frames < 0 ? '' : error.stack!.slice(frames)}`,
  };
  for (const key of Object.keys(error)) {
    if (VALUE_PROPERTIES.has(key) || key in serialized || key === 'cause') continue;
    serialized[key] = error[key];
  }
  if (error.cause !== undefined && depth < 8) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/**
 * LOG_FORMAT=pretty (docs/operations.md "Logs"): a line a person reads at a glance — time, level, message and, for
 * requests, method, URL, status and duration; an error's or other object's fields follow on indented lines.
 * pino-pretty's formatter is called as each line is logged (not as a stream or worker transport), so the lines and
 * the start-up banner (server.ts) appear in the order they happened. What is logged is the same as in JSON: the
 * serializers and redaction have run before the formatter sees a line.
 */
function prettyStream(destination: LogStream = process.stdout): LogStream {
  const format = prettyFactory({
    // Colours at a terminal only; a stream of the tests reads plain text.
    colorize: destination === process.stdout && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const { req, res, responseTime } = log as {
        req?: { method?: string; url?: string };
        res?: { statusCode?: number };
        responseTime?: number;
      };
      const parts = [String(log[messageKey] ?? '')];
      if (req?.method) parts.push(`${req.method} ${req.url}`);
      if (res?.statusCode) parts.push(`→ ${res.statusCode}`);
      if (typeof responseTime === 'number') parts.push(`in ${responseTime.toFixed(1)} ms`);
      return parts.join(' ');
    },
  });
  return { write: (line) => destination.write(format(line)) };
}

/**
 * Fastify's logger: off when LOG_LEVEL is silent; JSON lines or, with LOG_FORMAT=pretty, readable ones; `stream`
 * replaces stdout (tests read the lines).
 */
export function loggerOptions(env: Env, stream?: LogStream): FastifyServerOptions['logger'] {
  if (env.LOG_LEVEL === 'silent') return false;
  const destination = env.LOG_FORMAT === 'pretty' ? prettyStream(stream) : stream;
  return {
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    serializers: { req: requestOf, err: (error) => serializeError(error) },
    ...(destination ? { stream: destination } : {}),
  };
}
