import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const CONFIG_SCRIPT = /<script>window\.__PORTAL_CONFIG__=[\s\S]*?<\/script>/;

const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * Plays another hosting page (SPEC §1: the configuration is "supplied by the hosting page"): the real
 * index.html with its configuration script replaced. A host page that writes its own inline script also
 * lists that script's hash in its CSP, so the hash is swapped too; the policy itself stays in force.
 */
async function hostWithConfigScript(page: Page, script: string | null): Promise<void> {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const served = await response.text();
      const original = served.match(CONFIG_SCRIPT)?.[0];
      expect(original, 'the server writes the configuration into index.html').toBeDefined();
      const inner = (tag: string) => tag.replace(/^<script>|<\/script>$/g, '');
      const headers = { ...response.headers() };
      const csp = headers['content-security-policy'];
      if (csp && script !== null) {
        headers['content-security-policy'] = csp.replace(cspHash(inner(original!)), cspHash(script));
      }
      const html = served.replace(CONFIG_SCRIPT, script === null ? '' : `<script>${script}</script>`);
      await route.fulfill({ response, headers, body: html });
    },
  );
}

test.describe('start-up with a broken runtime configuration (SPEC §5)', () => {
  test('a page without the configuration object says in Polish that the configuration is defined wrongly', async ({
    page,
    axe,
  }) => {
    await hostWithConfigScript(page, null);
    await page.goto('/');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { level: 1 })).toHaveText(
      'Konfiguracja aplikacji jest zdefiniowana niepoprawnie.',
    );
    await expect(alert.getByRole('listitem')).toHaveCount(0);
    await axe.check();
  });

  test('settings that are not text stop start-up with the Polish invalid-environment message naming each one', async ({
    page,
    axe,
  }) => {
    await hostWithConfigScript(
      page,
      'window.__PORTAL_CONFIG__={apiBaseUrl:5,routerBaseName:"",basePath:true}',
    );
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto('/');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { level: 1 })).toContainText(
      'Nieprawidłowe zmienne środowiskowe',
    );
    await expect(alert.getByRole('listitem')).toHaveText([/^apiBaseUrl\b/, /^basePath\b/]);
    expect(blocked, 'the substituted script ran under the page CSP').toEqual([]);
    await axe.check();
  });
});
