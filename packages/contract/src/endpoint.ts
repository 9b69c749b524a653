import { z } from 'zod';
import { ID_PATTERN } from './paging.ts';
import type { Role } from './statuses.ts';

/*
 * The endpoint table (issue 16): one definition per endpoint — method, path, what it reads, what it answers and who
 * may call it. The server registers its routes from these (apps/server/src/plugins/endpoints.ts, the handler is all
 * it writes), the web calls them with callApi (apps/web/src/lib/api-client.ts), the OpenAPI document and the
 * authorization and hostile-input tests read them. Each feature's module holds its own endpoints beside its
 * schemas (the web loads a feature's module with its screens); endpoints.ts lists them all for the server.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call. A caller that fails it gets 401 without a session and 403 with the wrong role or authority, before
 * anything of the request is read (docs/decisions/022).
 */
export type Access =
  /** No session needed: signing in, registration, the public catalogue. */
  | 'anyone'
  /** Any account with a full session. */
  | 'signed-in'
  /** A session that has the password and waits for the second factor (auth/second-factor). */
  | 'second-factor-step'
  /** A signed-in account, or a staff session held to set up its second factor (its own factor settings). */
  | 'signed-in-or-setup-step'
  | { readonly roles: readonly Role[] }
  | { readonly authority: string }
  /** No session needed, but a signed-in caller needs the authority: the catalogue (SPEC §1, §6). */
  | { readonly authority: string; readonly anonymous: true };

/**
 * An id in a path: the wire form is IdSchema's (decimal from 1, at most 15 digits), the handler gets a number.
 * The one place a path id becomes a number (no `Number(request.params.id)` in handlers).
 */
export const IdParam = z.codec(z.string().regex(ID_PATTERN), z.number().int().min(1), {
  decode: (id) => Number(id),
  encode: (id) => String(id),
});

/** The path parameters of an endpoint that names one row: `/…/:id`. */
export const IdParams = z.object({ id: IdParam });

/** The status codes an error answer may have, beyond the ones an endpoint's shape implies (see errorStatuses). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/**
 * What an answer other than an error carries: a JSON body, no body (null: 204), a file (a download of any content
 * type), a stream of server-sent events, or a redirect (a browser navigation such as single sign-on).
 */
export type AnswerBody = z.ZodType | null | 'file' | 'event-stream' | 'redirect';

/**
 * The statuses an endpoint answers other than with an error (503 is the readiness probe's own body; 304 a download's
 * answer to If-None-Match, files/downloads.ts: `{ 200: 'file', 304: null }`).
 */
export type AnswerStatus = 200 | 201 | 202 | 204 | 302 | 304 | 503;

/** A multipart request: its text fields (each a JSON Schema-able zod type) and its file fields, for the document. */
export interface Multipart {
  readonly fields: z.ZodObject;
  readonly files: { readonly name: string; readonly description: string };
}

export interface EndpointDefinition {
  readonly method: Method;
  /** Fastify's form, below the base path: `/api/end-products/:id`. */
  readonly path: `/${string}`;
  readonly summary: string;
  readonly description?: string;
  /** The group the OpenAPI document lists it under. */
  readonly tag: string;
  readonly access: Access;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly multipart?: Multipart;
  /** Answers and their bodies: `{ 200: Schema }`, `{ 204: null }`, `{ 201: S, 200: S }`, `{ 302: 'redirect' }`. */
  readonly responses: Readonly<Partial<Record<AnswerStatus, AnswerBody>>>;
  /** Error statuses beyond the implied ones (400 for input, 401/403 for access, 404 for a path id). */
  readonly errors?: readonly ErrorStatus[];
  /** Error statuses whose answer has a body of its own instead of the plain ApiError (an import's problems, 422). */
  readonly errorBodies?: Readonly<Partial<Record<ErrorStatus, z.ZodType>>>;
  /** Not in the published document (health probes). */
  readonly hidden?: boolean;
}

/** Declares an endpoint; `const` keeps the literal path, schemas and statuses for the types below. */
export function endpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

/**
 * Declares a feature's endpoints under one tag (the group the document lists them in); an endpoint may name its own.
 * `const` keeps each one's literal path, schemas and statuses for the types below.
 */
export function endpoints<
  const G extends Record<string, Omit<EndpointDefinition, 'tag'> & { readonly tag?: string }>,
>(tag: string, group: G): { readonly [K in keyof G]: G[K] & { readonly tag: string } } {
  return Object.fromEntries(
    Object.entries(group).map(([name, definition]) => [name, { tag, ...definition }]),
  ) as { readonly [K in keyof G]: G[K] & { readonly tag: string } };
}

type Schema<T> = T extends z.ZodType ? T : never;

/** What a handler reads, decoded (ids as numbers, defaults applied). */
export type ParamsOf<E extends EndpointDefinition> = E['params'] extends z.ZodType
  ? z.output<E['params']>
  : undefined;
export type QueryOf<E extends EndpointDefinition> = E['query'] extends z.ZodType
  ? z.output<E['query']>
  : undefined;
export type BodyOf<E extends EndpointDefinition> = E['body'] extends z.ZodType
  ? z.output<E['body']>
  : undefined;

/** What a caller sends: the wire forms (ids as strings, optional where a default fills in). */
export interface InputOf<E extends EndpointDefinition> {
  params: E['params'] extends z.ZodType ? z.input<E['params']> : never;
  query: E['query'] extends z.ZodType ? z.input<E['query']> : never;
  body: E['body'] extends z.ZodType
    ? z.input<E['body']>
    : E['multipart'] extends Multipart
      ? FormData
      : never;
}

/** The JSON success bodies of an endpoint, as the server writes them and the web reads them. */
export type SuccessOf<E extends EndpointDefinition> = {
  [S in keyof E['responses']]: E['responses'][S] extends z.ZodType
    ? z.input<Schema<E['responses'][S]>>
    : undefined;
}[keyof E['responses']];

export type ParsedSuccessOf<E extends EndpointDefinition> = {
  [S in keyof E['responses']]: E['responses'][S] extends z.ZodType
    ? z.output<Schema<E['responses'][S]>>
    : undefined;
}[keyof E['responses']];

/**
 * Every error status the endpoint may answer: 400 when it reads a path, query or body; 401 unless anyone may call;
 * 403 for a role or authority (and a second factor still to give); 404 for a path that names a row; its own extras.
 */
export function errorStatuses(endpoint: EndpointDefinition): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(endpoint.errors ?? []);
  for (const status of Object.keys(endpoint.errorBodies ?? {})) statuses.add(Number(status) as ErrorStatus);
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.multipart) statuses.add(400);
  const anonymous =
    endpoint.access === 'anyone' || (typeof endpoint.access === 'object' && 'anonymous' in endpoint.access);
  if (!anonymous) statuses.add(401);
  // A session that still owes its second factor gets 403 (SECOND_FACTOR_REQUIRED) from both signed-in guards.
  const signedIn = endpoint.access === 'signed-in' || endpoint.access === 'signed-in-or-setup-step';
  if (typeof endpoint.access === 'object' || signedIn) statuses.add(403);
  if (endpoint.params) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

/** The path with its parameters filled in, each encoded: `/api/end-products/:id` with `{ id: '7' }` → `/api/end-products/7`. */
export function pathWith(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
