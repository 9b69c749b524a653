import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#app/test/app.ts';

/** ASVS 5.0 3.4.3: every answer's Content-Security-Policy has object-src 'none' and base-uri 'none'. */
describe('Content-Security-Policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it("sets object-src 'none' and base-uri 'none' on API answers and errors", async () => {
    for (const url of ['/api/brand', '/api/user/details', '/api/no-such-thing']) {
      const directives = String((await t.app.inject({ url })).headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim());
      expect(directives).toContain("object-src 'none'");
      expect(directives).toContain("base-uri 'none'");
    }
  });
});
