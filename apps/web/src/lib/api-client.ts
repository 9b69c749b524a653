import {
  type EndpointDefinition,
  type InputOf,
  type ParsedSuccessOf,
  pathWith,
} from '@care/contract/endpoint';
import { ApiErrorSchema, type ApiError, type FieldError } from '@care/contract/errors';
import { z } from 'zod';
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

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** An array is sent comma-separated (`status=N,C`), as the list filters read it. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
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
    if (Array.isArray(value)) {
      if (value.length > 0) url.searchParams.set(key, value.join(','));
    } else if (value !== undefined) url.searchParams.set(key, value === null ? 'null' : String(value));
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

/** What a call of the endpoint sends: its path parameters, query and body, each only where it has them. */
export type CallInput<E extends EndpointDefinition> = (E['params'] extends z.ZodType
  ? { params: InputOf<E>['params'] }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: InputOf<E>['query'] } : { query?: never }) &
  (E['body'] extends z.ZodType
    ? { body: InputOf<E>['body'] }
    : E['multipart'] extends object
      ? { body: FormData }
      : { body?: never });

/** The endpoint's address below the API's base, its parameters filled in: for callApi and the upload with progress. */
export function addressOf<E extends EndpointDefinition>(endpoint: E, params?: InputOf<E>['params']): string {
  return pathWith(endpoint.path, params as Record<string, unknown> | undefined).slice(1);
}

const successSchemas = new WeakMap<EndpointDefinition, z.ZodType | undefined>();

/** The schema that parses an endpoint's success answers (one, or the union of its different ones). */
export function successSchemaOf(endpoint: EndpointDefinition): z.ZodType | undefined {
  if (successSchemas.has(endpoint)) return successSchemas.get(endpoint);
  const schemas = [...new Set(Object.values(endpoint.responses).filter((body) => body instanceof z.ZodType))];
  const schema = schemas.length > 1 ? z.union(schemas as [z.ZodType, z.ZodType]) : schemas[0];
  successSchemas.set(endpoint, schema);
  return schema;
}

/**
 * Calls an endpoint of the table (packages/contract/src/endpoint.ts): its method and path from the definition,
 * the parameters filled in, and the answer parsed by its response schema.
 */
export function callApi<E extends EndpointDefinition>(
  endpoint: E,
  input: CallInput<E>,
  options: Pick<RequestOptions<z.ZodType>, 'errorMessage' | 'silent' | 'signal'> = {},
): Promise<ParsedSuccessOf<E>> {
  const { params, query, body } = input as {
    params?: unknown;
    query?: RequestOptions<z.ZodType>['query'];
    body?: unknown;
  };
  return request(addressOf(endpoint, params as InputOf<E>['params']), {
    ...options,
    method: endpoint.method,
    query,
    body,
    schema: successSchemaOf(endpoint),
  }) as Promise<ParsedSuccessOf<E>>;
}
