import { ApiErrorSchema, type ApiError, type FieldError } from '@care/contract/errors';
import type { z } from 'zod';
import { apiUrl } from '#app/config/runtime-config.ts';
import { i18n } from './i18n.ts';
import { notify } from './notify.ts';

/** A failed call: `status` 0 means the network failed before any answer. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiError | null;
  constructor(status: number, body: ApiError | null, message: string) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Parses the answer; without it the answer is ignored (SPEC: "response not used beyond success"). */
  schema?: S;
  /** SPEC §8: a per-request message that wins over the server's. */
  errorMessage?: string;
  /** Skip the error notification (the caller shows its own, e.g. field errors in a form). */
  silent?: boolean;
  signal?: AbortSignal;
}

/** The server's field errors of a failed call (VALIDATION_FAILED), for the form to show on its fields. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  return error instanceof ApiRequestError ? (error.body?.fields ?? []) : [];
}

/**
 * Where relative API addresses resolve and what sends them: the page's origin and the browser's fetch, except
 * when the server renders a public page (apps/web/src/entry-server.tsx), which answers them in-process.
 */
let transport: { origin: () => string; fetch: typeof fetch } = {
  origin: () => window.location.origin,
  fetch: (input, init) => fetch(input, init),
};

export function setApiTransport(next: typeof transport): void {
  transport = next;
}

type UnauthorizedHandler = (path: string) => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The auth feature registers what a 401 means (return location + back to sign-in). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** The message SPEC §8 asks for: override, then the code's translation, then the body's message, then the generic one. */
export function errorMessageOf(body: ApiError | null, override?: string): string {
  if (override) return override;
  if (body && i18n.exists(`errors:codes.${body.code}`)) return i18n.t(`errors:codes.${body.code}`);
  return body?.message || i18n.t('errors:error-boundary.message');
}

/**
 * What a call that got an error answer becomes (SPEC §8): the 401 handling, the notice unless silent, and the
 * error to throw. request() and lib/upload.ts (XMLHttpRequest, for upload progress) share it.
 */
export function failedCall(
  path: string,
  status: number,
  body: unknown,
  { errorMessage, silent }: Pick<RequestOptions<z.ZodType>, 'errorMessage' | 'silent'> = {},
): ApiRequestError {
  const parsed = ApiErrorSchema.safeParse(body);
  const errorBody = parsed.success ? parsed.data : null;
  const message = errorMessageOf(errorBody, errorMessage);
  if (status === 401 && !path.startsWith('auth/')) onUnauthorized(path);
  if (!silent) notify('ERROR', { title: i18n.t('errors:error-boundary.title'), message });
  return new ApiRequestError(status, errorBody, message);
}

/** A call that got no answer (offline, DNS, connection reset): the network message, the notice unless silent. */
export function unansweredCall({
  errorMessage,
  silent,
}: Pick<RequestOptions<z.ZodType>, 'errorMessage' | 'silent'> = {}): ApiRequestError {
  const message = errorMessage ?? i18n.t('errors:network');
  if (!silent) notify('ERROR', { title: i18n.t('errors:error-boundary.title'), message });
  return new ApiRequestError(0, null, message);
}

export async function request<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<z.output<S>> {
  const { method = 'GET', body, query, schema, errorMessage, silent, signal } = options;
  const url = new URL(apiUrl(path), transport.origin());
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, value === null ? 'null' : String(value));
  }
  const isForm = body instanceof FormData;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': i18n.language ?? '',
  };
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await transport.fetch(url, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw unansweredCall({ errorMessage, silent });
  }

  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw failedCall(path, response.status, body, { errorMessage, silent });
  }

  if (!schema) return undefined as z.output<S>;
  const text = await response.text();
  return schema.parse(text ? JSON.parse(text) : undefined);
}
