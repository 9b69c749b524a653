import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';

/*
 * Every answer a server test receives is checked against the published OpenAPI document (issue 16): its status
 * must be one the document lists for the route and method, and a JSON body must match that status's schema. The
 * answers are written by fast-json-stringify, which writes what the schema names without checking it, so a handler
 * whose answer drifts from its schema (a field missing, a wrong type, a status nobody documented) fails here, in
 * the test that caused it: the inject call rejects with an AnswerDriftError naming the route, the status and the
 * failing paths. Routes the document hides (health probes, the web app's pages) are not checked.
 */

// ajv-formats is CommonJS with `module.exports = formatsPlugin`; its types describe the ES default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type JsonSchema = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export class AnswerDriftError extends Error {
  override name = 'AnswerDriftError';
}

/**
 * OpenAPI 3.0 schemas as Ajv (draft-07) reads them: `exclusiveMinimum: true` beside `minimum` becomes the number,
 * and `$ref`s into the document's components point into the schema Ajv holds under the id `openapi`.
 */
function asDraft07(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asDraft07);
  if (typeof value !== 'object' || value === null) return value;
  const schema: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) {
    schema[key] =
      key === '$ref' && typeof child === 'string' && child.startsWith('#/components/')
        ? `openapi${child}`
        : asDraft07(child);
  }
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[exclusive] !== 'boolean') continue;
    if (schema[exclusive]) schema[exclusive] = schema[bound];
    else delete schema[exclusive];
    if (schema[exclusive] !== undefined) delete schema[bound];
  }
  return schema;
}

/** One Ajv per set of components (they are the same for every app of a run), each schema compiled once. */
const compilers = new Map<string, { ajv: Ajv; validators: Map<string, ValidateFunction> }>();

function validatorOf(document: OpenApiDocument, schema: JsonSchema): ValidateFunction {
  const components = JSON.stringify(document.components?.schemas ?? {});
  let compiler = compilers.get(components);
  if (!compiler) {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'openapi', components: asDraft07(document.components ?? {}) });
    compiler = { ajv, validators: new Map() };
    compilers.set(components, compiler);
  }
  const key = JSON.stringify(schema);
  let validate = compiler.validators.get(key);
  if (!validate) {
    validate = compiler.ajv.compile(asDraft07(schema) as JsonSchema);
    compiler.validators.set(key, validate);
  }
  return validate;
}

function describe(errors: ErrorObject[]): string {
  return errors
    .slice(0, 8)
    .map((error) => {
      const extra =
        error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : '';
      // zod's patterns (a date-time's) run to hundreds of characters.
      const message =
        error.keyword === 'pattern' ? 'must match its pattern' : (error.message ?? error.keyword);
      return `  ${error.instancePath || '(the body)'} ${message}${extra}`;
    })
    .join('\n');
}

function isJson(reply: FastifyReply): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/.test(String(reply.getHeader('content-type') ?? ''));
}

/** What is wrong with the answer, or undefined when it matches the document (or the route is not in it). */
function driftOf(
  document: OpenApiDocument,
  basePath: string,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): string | undefined {
  const url = request.routeOptions.url;
  if (!url || request.method === 'HEAD' || !url.startsWith(basePath)) return undefined;
  const path = url.slice(basePath.length).replace(/:(\w+)/g, '{$1}') || '/';
  const operation = document.paths[path]?.[request.method.toLowerCase()];
  if (!operation) return undefined;
  const status = String(reply.statusCode);
  const answer = operation.responses[status] ?? operation.responses[`${status[0]}XX`];
  const route = `${request.method} ${url} answered ${status}`;
  if (!answer) {
    return `${route}, a status the document does not list (it lists ${Object.keys(operation.responses).join(', ')})`;
  }
  const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? String(payload) : undefined;
  if (!body || !isJson(reply)) return undefined;
  if (!answer.content) return `${route} with a JSON body, where the document gives no body for the status`;
  const schema = answer.content['application/json']?.schema;
  // A download (`*/*`) may be a JSON file: its body is the file's, not the API's.
  if (!schema) return undefined;
  const validate = validatorOf(document, schema);
  if (validate(JSON.parse(body))) return undefined;
  return `${route} with a body that breaks the document's schema:\n${describe(validate.errors ?? [])}`;
}

/** Checks a test app's answers: `onRoute` goes to buildApp, `watch` is called with the app it built. */
export interface AnswerValidation {
  onRoute: (route: RouteOptions) => void;
  watch: (app: FastifyInstance) => void;
}

/**
 * Each route gets one more onSend hook (route hooks run after the app's and its plugins', so it sees the body as
 * sent); it records what drifted, and `app.inject` rejects with the drift it found for that request.
 */
export function answerValidation(basePath: string): AnswerValidation {
  const drifts = new WeakMap<object, string>();
  let app: FastifyInstance | undefined;
  let document: OpenApiDocument | undefined;
  const check: onSendHookHandler = async (request, reply, payload) => {
    if (!app) return payload;
    document ??= app.swagger() as unknown as OpenApiDocument;
    const drift = driftOf(document, basePath, request, reply, payload);
    if (drift) drifts.set(request.raw, drift);
    return payload;
  };
  return {
    onRoute(route) {
      route.onSend = [...[route.onSend ?? []].flat(), check];
    },
    watch(watched) {
      app = watched;
      const inject = watched.inject.bind(watched) as (...args: unknown[]) => unknown;
      watched.inject = ((...args: unknown[]) => {
        const result = inject(...args);
        // The chained form (no options) and the callback form: the tests use neither; left unchecked.
        if (args.length !== 1) return result;
        return (result as Promise<{ raw: { req: object } }>).then((response) => {
          const drift = drifts.get(response.raw.req);
          if (drift) throw new AnswerDriftError(drift);
          return response;
        });
      }) as typeof watched.inject;
    },
  };
}
