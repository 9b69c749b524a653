import type {
  Access,
  BodyOf,
  EndpointDefinition,
  ParamsOf,
  QueryOf,
  SuccessOf,
} from '@care/contract/endpoint';
import { errorStatuses } from '@care/contract/endpoint';
import { ApiErrorSchema } from '@care/contract/errors';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
  onResponseHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import {
  type AccessGuard,
  authorityWhenSignedIn,
  requireAuthority,
  requireRole,
  requireUser,
  requireUserOrSetupStep,
  requireVerifyStep,
} from './session.ts';

/*
 * Registers routes from the endpoint table (packages/contract/src/endpoint.ts): the method, path, schemas, error
 * answers and access guard come from the endpoint's definition; the feature writes the handler and, where it has
 * them, the checks that need the request's body (password, quotas) and the rate limit's settings.
 */

/** The request a handler of the endpoint gets: path ids as numbers, query and body validated and decoded. */
export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<SuccessOf<E> | FastifyReply>;

/** What a route adds to its endpoint's definition: checks that read more than the session, and route settings. */
export interface RouteExtras {
  preValidation?: preValidationHookHandler | preValidationHookHandler[];
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  /** Runs after the access guard (a limiter that counts only callers who may call). */
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  /** Work after the answer has gone (a mail or an audit entry whose timing must not tell anything). */
  onResponse?: onResponseHookHandler | onResponseHookHandler[];
  config?: RouteOptions['config'];
  bodyLimit?: number;
}

function guardOf(access: Access): AccessGuard | undefined {
  if (access === 'anyone') return undefined;
  if (access === 'signed-in') return requireUser;
  if (typeof access === 'object') {
    if ('roles' in access) return requireRole(...access.roles);
    return 'anonymous' in access
      ? authorityWhenSignedIn(access.authority)
      : requireAuthority(access.authority);
  }
  return access === 'second-factor-step' ? requireVerifyStep : requireUserOrSetupStep;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The input is malformed or breaks a rule (VALIDATION_FAILED names each field)',
  401: 'No session, or it ended',
  403: 'The caller may not do this (role, authority, a second factor still to give)',
  404: 'No such row, or not the caller’s',
  409: 'The row changed meanwhile or the change conflicts with its state',
  410: 'The link or token has expired',
  413: 'Too large',
  415: 'An unsupported media type',
  422: 'The request is well formed but cannot be carried out',
  429: 'Too many requests: try again later (Retry-After)',
  503: 'A dependency is unavailable: try again later',
};

/** The documented answer of the bodies that are not JSON (Fastify sends streams and redirects unserialised). */
const ANSWER_BODIES: Record<string, z.ZodType> = {
  null: z.undefined().describe('No content'),
  file: z.unknown().describe('The file, with its content type and name (Content-Disposition)'),
  'event-stream': z.unknown().describe('A text/event-stream of server-sent events'),
  redirect: z.undefined().describe('A redirect (Location)'),
};

/** The document's security of an access: none, the session cookie, or optional (the catalogue: `{}` or the cookie). */
function securityOf(access: Access): Record<string, string[]>[] {
  if (access === 'anyone') return [];
  if (typeof access === 'object' && 'anonymous' in access) return [{}, { session: [] }];
  return [{ session: [] }];
}

/** The Fastify schema of an endpoint: its inputs, its success bodies and one error body per possible status. */
export function schemaOf(endpoint: EndpointDefinition): FastifySchema {
  const response: Record<number, unknown> = {};
  for (const [status, body] of Object.entries(endpoint.responses)) {
    response[Number(status)] = typeof body === 'object' && body !== null ? body : ANSWER_BODIES[String(body)];
  }
  for (const status of errorStatuses(endpoint)) {
    response[status] ??=
      endpoint.errorBodies?.[status] ?? ApiErrorSchema.describe(ERROR_DESCRIPTIONS[status] ?? 'An error');
  }
  return {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
    security: securityOf(endpoint.access),
    ...(endpoint.hidden ? { hide: true } : {}),
    response,
  } as FastifySchema;
}

const endpointOfRoute = new WeakMap<object, EndpointDefinition>();

/** The endpoint a registered route was made from (plugins/openapi.ts documents what only the table knows). */
export function endpointOf(routeConfig: unknown): EndpointDefinition | undefined {
  return typeof routeConfig === 'object' && routeConfig !== null
    ? endpointOfRoute.get(routeConfig)
    : undefined;
}

/** Registers one endpoint with its handler. */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const guard = guardOf(endpoint.access);
  const config = { ...extras.config };
  endpointOfRoute.set(config, endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: schemaOf(endpoint),
    config,
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    onRequest: [...(guard ? [guard] : []), ...[extras.onRequest ?? []].flat()],
    ...(extras.preValidation ? { preValidation: extras.preValidation } : {}),
    ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
    ...(extras.onResponse ? { onResponse: extras.onResponse } : {}),
    handler: handler as unknown as RouteOptions['handler'],
  });
}

/**
 * Answers are written by fast-json-stringify from the JSON Schema of the route's zod response schema
 * (z.toJSONSchema), once per route at start-up, instead of parsing every answer with zod and then
 * JSON.stringify (issue 16, docs/perf.md "serialisation"). Like zod's parse it writes only the schema's
 * properties. The server tests validate every answer against the published document (test/app.ts), so an answer
 * that drifts from its schema still fails a test.
 */
export function serializerOf({ schema }: { schema: unknown }): (data: unknown) => string {
  if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
  if (schema instanceof z.ZodUndefined) return () => '';
  const jsonSchema = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'output',
    unrepresentable: 'throw',
    cycles: 'ref',
    reused: 'inline',
  });
  // One compiled writer per distinct schema: every route's error answers share ApiError's, many lists their pages'.
  const key = JSON.stringify(jsonSchema);
  let write = writers.get(key);
  if (!write) {
    write = fastJson(nullableTypes(jsonSchema) as Parameters<typeof fastJson>[0]) as (
      data: unknown,
    ) => string;
    writers.set(key, write);
  }
  return write;
}

const writers = new Map<string, (data: unknown) => string>();

type JsonSchema = { [key: string]: unknown };

/**
 * zod writes `.nullable()` as `anyOf: [X, { type: 'null' }]`, which fast-json-stringify can only serialise by
 * validating each value against the branches (ajv, per value); `type: [X's type, 'null']` says the same and is
 * written directly (the machines page: 2× less CPU). Other unions stay as they are.
 */
function nullableTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableTypes);
  if (typeof schema !== 'object' || schema === null) return schema;
  const entries = Object.entries(schema as JsonSchema).map(
    ([key, value]) => [key, nullableTypes(value)] as const,
  );
  const simplified = Object.fromEntries(entries) as JsonSchema;
  const branches = simplified.anyOf as JsonSchema[] | undefined;
  if (branches?.length !== 2) return simplified;
  const other = branches.find((branch) => branch.type !== 'null');
  if (!other || !branches.some((branch) => branch.type === 'null') || typeof other.type !== 'string') {
    return simplified;
  }
  const { anyOf: _, ...rest } = simplified;
  return { ...rest, ...other, type: [other.type, 'null'] };
}
