import { ENDPOINTS, routeKey } from '@care/contract/endpoints';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#app/test/app.ts';

/**
 * Issue 16: the server's routes are the endpoint table (packages/contract/src/endpoints.ts) — a route registered by
 * hand, outside it, would miss the guard, the document and the tests that read the table; an endpoint that no
 * route answers would be a promise the API does not keep.
 */

/** Routes that are not API endpoints, with the reason. */
const OUTSIDE_THE_TABLE: Record<string, string> = {
  'GET /metrics': "Prometheus' scrape (plugins/metrics.ts), on when METRICS_TOKEN is set",
  'GET /api/docs': 'the API documents themselves (@fastify/swagger-ui), served when API_DOCS is on',
  'GET /api/docs/json': 'the API document',
  'GET /api/docs/yaml': 'the API document',
  'GET /api/docs/static/index.html': 'swagger-ui bundle file',
  'GET /api/docs/static/swagger-initializer.js': 'swagger-ui bundle file',
  'GET /api/docs/static/*': 'swagger-ui bundle files',
};

describe('the endpoint table (issue 16)', () => {
  let app: FastifyInstance;
  const routes: string[] = [];

  beforeAll(async () => {
    const onRoute = (route: RouteOptions) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') routes.push(routeKey(method, route.url));
    };
    ({ app } = await createTestApp(
      {
        API_DOCS: 'true',
        METRICS_TOKEN: 'endpoint-table-test-token',
        // Single sign-on's routes exist only when it is configured; nobody needs to answer at the issuer here.
        OIDC_ISSUER_URL: 'http://127.0.0.1:9',
        OIDC_CLIENT_ID: 'care-portal',
        OIDC_CLIENT_SECRET: 'endpoint-table',
        OIDC_ROLE_GROUPS: 'service=care-service',
      },
      { onRoute },
    ));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('every route the server answers is an endpoint of the table, or named above as outside it', () => {
    const table = new Set(ENDPOINTS.map(({ endpoint }) => routeKey(endpoint.method, endpoint.path)));
    const outside = routes.filter((key) => !table.has(key) && !(key in OUTSIDE_THE_TABLE));
    expect(outside, 'routes registered without an endpoint: declare them in the contract').toEqual([]);
  });

  it('every endpoint of the table is answered by a route, once', () => {
    const registered = new Set(routes);
    const keys = ENDPOINTS.map(({ endpoint }) => routeKey(endpoint.method, endpoint.path));
    const missing = ENDPOINTS.filter((_, i) => !registered.has(keys[i]!)).map(({ name }) => name);
    expect(missing, 'endpoints no route answers').toEqual([]);
    expect(new Set(keys).size, 'two endpoints with one method and path').toBe(keys.length);
    const stale = Object.keys(OUTSIDE_THE_TABLE).filter((key) => !registered.has(key));
    expect(stale, 'exceptions naming no route').toEqual([]);
  });

  it("names each path parameter in the endpoint's params, and nothing else there", () => {
    for (const { name, endpoint } of ENDPOINTS) {
      const inPath = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const declared = Object.keys(endpoint.params?.shape ?? {}).sort();
      expect(declared, name).toEqual(inPath);
    }
  });
});
