import type { APIRequestContext } from '@playwright/test';
import { DEMO_CUSTOMER, DEMO_PASSWORD, signIn } from './support/accounts.ts';
import { heading } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { t } from './support/translations.ts';

/** Issue 5: a visitor (not signed in) browses the public catalogue down to a drawing and searches it. */
const CATALOG = '/parts-catalog-public/catalog-folders';

interface Named {
  id: string;
  name: { default: 'pl' | 'en' | 'de'; values: Record<string, string> };
}
const pl = (item: Named) => item.name.values.pl ?? item.name.values[item.name.default] ?? '';

/** The demo catalogue's first item at each level, read from the API the screens use. */
async function firstOf<T extends Named>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok()).toBe(true);
  const [first] = (await response.json()) as T[];
  expect(first, `${path} has no items in the demo data`).toBeDefined();
  return first!;
}

test('a visitor browses folders, sub-folders and cards to a drawing, uses a hotspot and searches parts', async ({
  page,
  visit,
  axe,
}) => {
  const group = await firstOf(page.request, '/api/catalog-folders');
  const assembly = await firstOf(page.request, `/api/catalog-folders?parentId=${group.id}`);
  const card = await firstOf(page.request, `/api/catalog-cards?folderId=${assembly.id}`);

  await visit(CATALOG);
  await expect(heading(page)).toHaveText(t('catalog:root.title'));
  await expect(page).toHaveTitle(`${t('catalog:root.title')} · AgroMech Care`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', t('catalog:root.meta'));
  await expect(page.getByRole('link', { name: t('catalog:public.sign-in-to-order') })).toBeVisible();

  await page.getByRole('link', { name: pl(group) }).click();
  await expect(heading(page)).toHaveText(pl(group));
  await axe.check();

  await page.getByRole('link', { name: pl(assembly) }).click();
  await expect(heading(page)).toHaveText(pl(assembly));
  const trail = page.getByRole('navigation', { name: t('layout:breadcrumbs') });
  await expect(trail.getByRole('link', { name: pl(group) })).toBeVisible();
  await axe.check();

  await page.getByRole('link', { name: pl(card) }).click();
  await expect(heading(page)).toHaveText(pl(card));
  await expect(page).toHaveTitle(`${pl(card)} · AgroMech Care`);
  const drawing = page.getByRole('img', { name: t('catalog:card.drawing-alt', 'pl', { name: pl(card) }) });
  await expect(drawing).toBeVisible();
  // The drawing really loaded (an SVG served with its own restrictive CSP still renders through <img>).
  await expect.poll(() => drawing.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: t('catalog:card.parts') });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  // A visitor cannot order: no cart buttons, the way to sign in instead.
  await expect(page.getByRole('button', { name: new RegExp(t('catalog:order.add')) })).toHaveCount(0);
  await axe.check();

  // Hovering the circle of position 1 highlights its row; picking it keeps it highlighted.
  const hotspot = page.getByRole('button', {
    name: new RegExp(`^${t('catalog:card.hotspot', 'pl', { position: '1', name: '' })}`),
  });
  const row = table.locator('tr[data-position="1"]');
  await expect(row).not.toHaveAttribute('data-active');
  await hotspot.first().hover();
  await expect(row).toHaveAttribute('data-active', 'true');
  await hotspot.first().click();
  await expect(hotspot.first()).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(0, 0);
  await expect(row).toHaveAttribute('data-active', 'true');
  // Picking another row moves the highlight to its circle.
  await table
    .getByRole('button', { name: t('catalog:card.show-on-drawing', 'pl', { position: '2' }) })
    .click();
  await expect(
    page
      .getByRole('button', {
        name: new RegExp(`^${t('catalog:card.hotspot', 'pl', { position: '2', name: '' })}`),
      })
      .first(),
  ).toHaveAttribute('aria-pressed', 'true');

  // The zoom buttons work for keyboard users.
  const content = page.locator('.react-transform-component');
  const before = await content.evaluate((el) => getComputedStyle(el).transform);
  await page.getByRole('button', { name: t('catalog:card.zoom-in') }).click();
  await expect.poll(() => content.evaluate((el) => getComputedStyle(el).transform)).not.toBe(before);
  await page.getByRole('button', { name: t('catalog:card.zoom-reset') }).click();
  await axe.checkDark();

  // Search: the rule below 3 characters, hints from the 3rd, results with their count and the cards they are on.
  const search = page.getByRole('combobox', { name: t('catalog:search.label') });
  await search.fill('lo');
  await expect(page.getByText(t('catalog:search.rule', 'pl', { count: 3 }))).toBeVisible();
  await search.fill('lozysko');
  await expect(page.getByRole('option').first()).toBeVisible();
  await search.press('Enter');
  await expect(page).toHaveURL(/\?q=lozysko$/);
  await expect(
    page.getByRole('heading', { level: 2, name: t('catalog:search.results', 'pl', { query: 'lozysko' }) }),
  ).toBeVisible();
  await expect(page.getByText(/^Znaleziono \d+ częśc/)).toBeVisible();
  const place = page.getByRole('link', { name: /\(poz\. \d+\)$/ }).first();
  await expect(place).toBeVisible();
  await axe.check();

  await place.click();
  await expect(page).toHaveURL(/\/catalog-cards\/\d+\?pos=/);
  await expect(heading(page)).not.toBeEmpty();
  await expect(page.locator('tr[data-selected]').first()).toBeVisible();
  await axe.check();
});

test('signing in to order from a public card comes back to the same card, now with the cart', async ({
  page,
  visit,
  axe,
}) => {
  const group = await firstOf(page.request, '/api/catalog-folders');
  const assembly = await firstOf(page.request, `/api/catalog-folders?parentId=${group.id}`);
  const card = await firstOf(page.request, `/api/catalog-cards?folderId=${assembly.id}`);
  const path = `${group.id}/catalog-folders/${assembly.id}/catalog-cards/${card.id}`;

  await visit(`${CATALOG}/${path}`);
  await page
    .getByRole('banner')
    .getByRole('link', { name: t('catalog:public.sign-in-to-order') })
    .click();
  await expect(heading(page)).toHaveText(t('auth:login.title'));
  await axe.check();
  await signIn(page, { email: DEMO_CUSTOMER, password: DEMO_PASSWORD });

  await expect(page).toHaveURL(`/home/catalog-folders/${path}`);
  await expect(heading(page)).toHaveText(pl(card));
  const table = page.getByRole('table', { name: t('catalog:card.parts') });
  await expect(
    table
      .getByRole('button', { name: new RegExp(`^${t('catalog:order.add-named', 'pl', { name: '' })}`) })
      .first(),
  ).toBeVisible();
  await axe.check();
});

test('a public card arrives rendered by the server, and the browser adopts that markup instead of rebuilding it', async ({
  page,
  visit,
}) => {
  const group = await firstOf(page.request, '/api/catalog-folders');
  const assembly = await firstOf(page.request, `/api/catalog-folders?parentId=${group.id}`);
  const card = await firstOf(page.request, `/api/catalog-cards?folderId=${assembly.id}`);
  const path = `${CATALOG}/${group.id}/catalog-folders/${assembly.id}/catalog-cards/${card.id}`;

  // Without any script: the heading, the drawing and the parts are in the document itself (ADR 028).
  const html = await (await page.request.get(path, { headers: { 'accept-language': 'pl' } })).text();
  expect(html).toContain('<html lang="pl"');
  expect(html).toMatch(new RegExp(`<h1[^>]*>${pl(card)}</h1>`));
  expect(html).toMatch(/<img[^>]*src="\/api\/catalog-cards\/\d+\/drawing"/);
  expect(html).toContain('data-position="1"');
  expect(html).toContain('<script type="application/json" id="page-state">');

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1');
    }),
  );
  await visit(path);
  // Hydrated: React owns the server's heading element (a mismatch would have replaced it and logged an error).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const h1 = document.querySelector('h1');
        const own = (window as unknown as { serverHeading: Element | null }).serverHeading;
        return h1 === own && Object.keys(h1 ?? {}).some((key) => key.startsWith('__react'));
      }),
    )
    .toBe(true);
  // The app's code was asked for only once the page had painted (web-app.ts's loader).
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    code: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    ),
  }));
  expect(timing.paint).toBeDefined();
  expect(timing.code).toBeGreaterThanOrEqual(timing.paint!);
  // And it works: the language switch re-renders the page in English.
  await page.getByRole('button', { name: new RegExp(t('common:language.label')) }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('table', { name: t('catalog:card.parts', 'en') })).toBeVisible();
  expect(errors).toEqual([]);
});
