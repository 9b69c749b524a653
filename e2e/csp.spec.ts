import { expect, type Page, test } from '@playwright/test';
import { t } from './support/translations.ts';

/**
 * Issue 13: the portal's strict Content-Security-Policy (no 'unsafe-eval', inline scripts by hash) holds in the
 * browser without a single violation while the app starts: zod's `new Function('')` probe raised a `script-src`
 * (eval) violation on every page until zod was made jitless (apps/web/src/lib/zod-jitless.ts). Checked on a page
 * the browser renders (registration), on sign-in and on a catalogue card, which the server rendered and the browser
 * hydrated (ADR 028, ADR 059).
 */

/** Records every violation from the document's very start, before any of the page's scripts. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        seen.push(
          `${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
        ),
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** React has taken over the page: its root's first element carries React's internal keys. */
const started = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() => {
        const first = document.querySelector('#root > *');
        return first !== null && Object.keys(first).some((key) => key.startsWith('__react'));
      }),
    )
    .toBe(true);

test('the sign-in page, rendered on the server, starts without a CSP violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/');
  await expect(page.locator('#page-state')).toHaveCount(1);
  await started(page);
  await expect(page.getByRole('button', { name: t('auth:login.submit'), exact: true })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('registration, rendered in the browser, starts without a CSP violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/register');
  await started(page);
  await expect(page.getByRole('heading', { level: 1, name: t('auth:register.title') })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('a server-rendered catalogue card is hydrated without a CSP violation', async ({ page }) => {
  const first = async (url: string) => ((await (await page.request.get(url)).json()) as { id: string }[])[0]!;
  const group = await first('/api/catalog-folders');
  const folder = await first(`/api/catalog-folders?parentId=${group.id}`);
  const card = await first(`/api/catalog-cards?folderId=${folder.id}`);
  const violations = await watchViolations(page);
  await page.goto(
    `/parts-catalog-public/catalog-folders/${group.id}/catalog-folders/${folder.id}/catalog-cards/${card.id}`,
  );
  await expect(page.locator('#page-state')).toHaveCount(1);
  await started(page);
  expect(await violations()).toEqual([]);
});
