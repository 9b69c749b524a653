import type { EndpointDefinition } from '@care/contract/endpoint';
import { ENDPOINTS, routeKey } from '@care/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Every route the application answers, read from the router itself (printRoutes), with what its endpoint in the
 * table (packages/contract/src/endpoints.ts) says it reads: so a route added tomorrow is covered by the
 * hostile-input tests without editing them, and one hidden from the API docs (health) is still found.
 */

export interface RouteInfo {
  method: string;
  /** Fastify's form: /api/service-requests/:id/attachments/:fileId */
  url: string;
  pathParams: string[];
  /** Query parameters the endpoint reads, with their JSON schema. */
  query: { name: string; schema: JsonSchema }[];
  /** The JSON request body's schema, when the route takes JSON. */
  jsonBody?: JsonSchema;
  multipart: boolean;
}

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

/**
 * Parses `printRoutes({ commonPrefix: false })`: one node per line, four columns of tree drawing per level,
 * `segment (METHOD, METHOD)`; a node's path is its ancestors' segments joined.
 */
export function routesOfTree(tree: string): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url: path });
  }
  return routes;
}

const endpointsByRoute = new Map<string, EndpointDefinition>(
  ENDPOINTS.map(({ endpoint }) => [routeKey(endpoint.method, endpoint.path), endpoint]),
);

/** What a caller sends, as JSON Schema: the wire form (ids as strings, defaults optional). */
const wireSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', target: 'draft-07', unrepresentable: 'any' }) as JsonSchema;

/** Every route but HEAD (Fastify answers HEAD with the GET handler), with its endpoint's inputs if it has one. */
export function routeTable(app: FastifyInstance): RouteInfo[] {
  return routesOfTree(app.printRoutes({ commonPrefix: false }))
    .filter((route) => route.method !== 'HEAD')
    .map(({ method, url }) => {
      const endpoint = endpointsByRoute.get(routeKey(method, url));
      const query = endpoint?.query ? wireSchema(endpoint.query) : undefined;
      return {
        method,
        url,
        pathParams: [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
        query: Object.entries(query?.properties ?? {}).map(([name, schema]) => ({ name, schema })),
        jsonBody: endpoint?.body ? wireSchema(endpoint.body) : undefined,
        multipart: endpoint?.multipart !== undefined,
      };
    });
}

/**
 * A value the schema accepts, as far as a simple reading can tell (no patterns): the base that near-valid bodies
 * are made from by breaking one part of it at a time.
 */
export function sampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const chosen = alternatives.find((a) => a.type !== 'null') ?? alternatives[0]!;
    return sampleOf(chosen, depth + 1);
  }
  if (schema.allOf?.length) return sampleOf(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {}))
        object[key] = sampleOf(value, depth + 1);
      return object;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
        sampleOf(schema.items, depth + 1),
      );
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? schema.exclusiveMinimum ?? 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'email') return 'jan.kowalski@example.com';
      if (schema.format === 'date') return '2026-05-01';
      if (schema.format === 'date-time') return '2026-05-01T10:00:00.000Z';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      const length = Math.max(schema.minLength ?? 0, 3);
      return 'Kombajn AM-500 '.repeat(4).slice(0, Math.min(length, schema.maxLength ?? length));
    }
    default:
      return null;
  }
}

/** The paths (as key lists) of every value inside `value`, the root included. */
export function pathsIn(value: unknown, prefix: string[] = []): string[][] {
  const paths = [prefix];
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) paths.push(...pathsIn(inner, [...prefix, key]));
  }
  return paths;
}

/** A deep copy of `value` with the value at `path` replaced (the root when `path` is empty). */
export function replacedAt(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  const key = path[0]!;
  // defineProperty, so that a key named __proto__ stays a key instead of changing the prototype.
  Object.defineProperty(copy, key, {
    value: replacedAt(copy[key], path.slice(1), replacement),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}
