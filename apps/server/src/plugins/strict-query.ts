import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/** The query a route without a query schema takes: none. */
const NO_PARAMETERS = z.strictObject({});

/**
 * The query schema a route validates with: its contract schema, refusing parameters it does not name. A plain
 * `z.object` (zod strips unknown keys) becomes strict; one that says what it does with other keys (`z.looseObject`,
 * a record: the single sign-on callback takes whatever the provider adds) is left as it is.
 */
export function strictQuery(schema: unknown): unknown {
  if (schema === undefined) return NO_PARAMETERS;
  if (schema instanceof z.ZodObject && schema._zod.def.catchall === undefined) return schema.strict();
  return schema;
}

/**
 * Every API route refuses a query parameter it does not declare (400 VALIDATION_FAILED naming it, issue 16): a
 * misspelt filter (`?stauts=N`) was ignored and answered everything, as if it had worked. Made here, in one place,
 * for every route under api/ and auth/, so that no contract schema can forget it; the API document shows it too
 * (additionalProperties: false). Routes hidden from the document (the API viewer's files) are left alone.
 */
export function registerStrictQueries(app: FastifyInstance, basePath: string): void {
  const prefixes = [`${basePath}/api/`, `${basePath}/auth/`];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!prefixes.some((prefix) => route.url.startsWith(prefix)) || route.schema?.hide) return;
    route.schema = { ...route.schema, querystring: strictQuery(route.schema?.querystring) };
  });
}
