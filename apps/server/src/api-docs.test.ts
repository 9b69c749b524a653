import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#app/test/app.ts';

/**
 * ASVS 13.4.5: the OpenAPI document lists every operation, staff and admin ones included. Each still needs its
 * session and authority, but in production the list is shown only when the operator says so (API_DOCS).
 */
describe.each<{ env: Record<string, string>; served: boolean }>([
  { env: { NODE_ENV: 'production' }, served: false },
  { env: { NODE_ENV: 'production', API_DOCS: 'true' }, served: true },
  { env: { NODE_ENV: 'development' }, served: true },
  { env: { NODE_ENV: 'development', API_DOCS: 'false' }, served: false },
])('the API documentation with $env', ({ env, served }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it(
    served ? 'is served: the document and its browser' : 'answers 404 for the document and its browser',
    async () => {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
        const response = await t.app.inject(url);
        expect(response.statusCode, url).toBe(served ? 200 : 404);
      }
      const document = await t.app.inject('/api/docs/json');
      if (served) expect(document.json().paths['/api/admin/catalog-imports']).toBeDefined();
      else expect(document.json().code).toBe('NOT_FOUND');
    },
  );
});
