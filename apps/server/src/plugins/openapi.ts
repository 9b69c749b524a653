import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AnswerBody, EndpointDefinition, Multipart } from '@care/contract/endpoint';
import { ApiErrorSchema } from '@care/contract/errors';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Env } from '../config/env.ts';
import { endpointOf } from './endpoints.ts';
import { cookieName } from './session.ts';

/*
 * The published OpenAPI document (issue 16). fastify-type-provider-zod turns each route's zod schemas into JSON
 * Schema; for a route made from the endpoint table (plugins/endpoints.ts) this adds what only the table knows: the
 * multipart body, the content type of files and event streams, that an open endpoint needs no session. Every
 * operation gets an id from its method and path, and the answers the app's plugins give on any route. `npm run openapi:lint` lints the document (docs/decisions/053),
 * and the server tests validate every answer they receive against it (test/answer-validation.ts).
 */

type RouteInput = Parameters<SwaggerTransform>[0];
type Transformed = { schema: FastifySchema; url: string };
type JsonSchema = Record<string, unknown>;

/** `GET /api/service-requests/:id/attachments/:fileId` → `getApiServiceRequestsByIdAttachmentsByFileId`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/** Answers that are not JSON: their media type, and what the document can say of their body. */
const NON_JSON_ANSWERS: Partial<Record<string, { mediaType: string; schema: JsonSchema }>> = {
  // A download keeps its file's own type (a drawing, a PDF, a spreadsheet): any type, in binary.
  file: { mediaType: '*/*', schema: { type: 'string', format: 'binary' } },
  'event-stream': { mediaType: 'text/event-stream', schema: { type: 'string' } },
};

function responsesOf(endpoint: EndpointDefinition, response: Record<string, JsonSchema>) {
  const documented: Record<string, unknown> = { ...response };
  for (const [status, body] of Object.entries(endpoint.responses) as [string, AnswerBody][]) {
    const answer = documented[status] as JsonSchema | undefined;
    const description = answer?.description;
    const nonJson = typeof body === 'string' ? NON_JSON_ANSWERS[body] : undefined;
    if (nonJson) {
      documented[status] = { description, content: { [nonJson.mediaType]: { schema: nonJson.schema } } };
    } else if (status === '304') {
      documented[status] = {
        ...answer,
        description: 'Not modified: the copy the caller holds (If-None-Match) is current',
      };
    } else if (body === 'redirect') {
      documented[status] = {
        ...answer,
        headers: { Location: { type: 'string', description: 'Where to go' } },
      };
    }
  }
  return documented;
}

/** The multipart body: the text fields as the table declares them, the files as binary parts under one name. */
function multipartBodyOf(multipart: Multipart, fields: JsonSchema): FastifySchema['body'] {
  const properties = (fields.properties ?? {}) as Record<string, JsonSchema>;
  const files = {
    type: 'array',
    description: multipart.files.description,
    items: { type: 'string', format: 'binary' },
  };
  const schema = { ...fields, type: 'object', properties: { ...properties, [multipart.files.name]: files } };
  return { content: { 'multipart/form-data': { schema } } };
}

/**
 * A query of any parameters (a record, such as the single sign-on callback's) as one exploded object parameter:
 * @fastify/swagger makes a parameter of each keyword of a schema without `properties` (`type`, `additionalProperties`).
 */
function queryOf(querystring: JsonSchema | undefined): JsonSchema | undefined {
  if (!querystring || querystring.properties || !querystring.additionalProperties) return querystring;
  const parameters = { ...querystring, description: 'Any parameters, each as name=value' };
  return { type: 'object', style: 'form', explode: true, properties: { parameters } };
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`; zod writes a nullable union (z.json()) as `anyOf` + `nullable`.
 * Each typed branch takes the `nullable`, or else a branch that is only null is added. A nullable enum lists null.
 */
function withTypedNullables(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withTypedNullables);
  if (typeof value !== 'object' || value === null) return value;
  const schema = Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, withTypedNullables(child)]),
  ) as JsonSchema;
  // OpenAPI 3.0.3: `nullable` adds null to the type, not to an enum, which must list null itself.
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...(schema.enum as unknown[]), null];
  }
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (schema.nullable !== true || schema.type !== undefined || !Array.isArray(branches)) return schema;
  delete schema.nullable;
  const typed = branches.every((branch) => typeof branch.type === 'string');
  const nullable = typed
    ? branches.map((branch) => ({ ...branch, nullable: true }))
    : [...branches, { type: 'string', nullable: true, enum: [null] }];
  return { ...schema, [schema.anyOf ? 'anyOf' : 'oneOf']: nullable };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Answers any route may give that come from the app's plugins, not from its handler: the strict query and the input
 * guard (400), the origin and content-type checks of state-changing calls (plugins/security.ts: 403, 415), the body
 * limit (413), the database being down (503) and a fault (500), all written by plugins/errors.ts as ApiError.
 */
const APP_ANSWERS: readonly { status: number; description: string; stateChanging?: true }[] = [
  { status: 400, description: 'The input is malformed, or a query parameter the call does not take' },
  {
    status: 403,
    description: 'Another site’s request (Origin), or the caller may not do this',
    stateChanging: true,
  },
  { status: 413, description: 'The body is too large', stateChanging: true },
  { status: 415, description: 'A body that is neither JSON nor multipart', stateChanging: true },
  { status: 500, description: 'An unexpected fault (the log has it under the request id)' },
  { status: 503, description: 'The database is unavailable: try again later (Retry-After)' },
];

/** The route's answers with the app-wide ones it does not document itself. */
function withAppAnswers(input: RouteInput, method: string, response: Record<string, unknown>) {
  const missing = APP_ANSWERS.filter(
    ({ status, stateChanging }) => !(status in response) && (!stateChanging || STATE_CHANGING.has(method)),
  );
  const errors = Object.fromEntries(
    missing.map(({ status, description }) => [status, ApiErrorSchema.describe(description)]),
  );
  const documented = jsonSchemaTransform({ ...input, schema: { response: errors } }).schema.response;
  return { ...response, ...(documented as Record<string, unknown>) };
}

/** Documents one route: fastify-type-provider-zod's JSON Schema, and what the endpoint table adds. */
export function documentRoute(basePath: string) {
  return (input: RouteInput): Transformed => {
    const result = jsonSchemaTransform(input) as Transformed;
    const schema = result.schema as FastifySchema & { hide?: boolean };
    if (schema.hide) return result;
    const methods = [input.route.method].flat();
    const path = input.url.startsWith(basePath) ? input.url.slice(basePath.length) : input.url;
    const documented: Record<string, unknown> = { ...schema, operationId: operationIdOf(methods[0]!, path) };
    if (schema.querystring) documented.querystring = queryOf(schema.querystring as JsonSchema);
    // A route without answers keeps @fastify/swagger's default 200, which an error answer alone would replace.
    if (schema.response)
      documented.response = withAppAnswers(input, methods[0]!, schema.response as JsonSchema);
    const endpoint = endpointOf(input.route.config);
    if (endpoint) {
      documented.response = responsesOf(endpoint, documented.response as Record<string, JsonSchema>);
      if (endpoint.multipart) {
        const fields = jsonSchemaTransform({ ...input, schema: { body: endpoint.multipart.fields } });
        documented.body = multipartBodyOf(endpoint.multipart, fields.schema.body as JsonSchema);
      }
    }
    return { schema: documented as FastifySchema, url: result.url };
  };
}

const withComponents = createJsonSchemaTransformObject({});

/**
 * Builds the document in every environment (the property tests and the answer validation read it) and serves it
 * only when the operator says so (API_DOCS, ASVS 13.4.5).
 */
export async function registerOpenApi(app: FastifyInstance, env: Env): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Care Portal API',
        version: '1.0.0',
        description: 'The customer portal’s API: the web app calls it with the session cookie.',
      },
      servers: [{ url: env.BASE_PATH || '/' }],
      // The session cookie that every endpoint but the open ones requires (plugins/endpoints.ts names it).
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: cookieName(env) } } },
    },
    transform: documentRoute(env.BASE_PATH),
    // Named zod schemas (JsonValue, recursive) become components, so every `$ref` the routes hold resolves.
    transformObject: (input) =>
      withTypedNullables(withComponents(input)) as ReturnType<typeof withComponents>,
  });
  if (env.API_DOCS) await app.register(swaggerUi, { routePrefix: `${env.BASE_PATH}/api/docs` });
}
