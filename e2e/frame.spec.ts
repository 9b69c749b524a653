import type { Locator, Page } from '@playwright/test';
import { DEMO_CUSTOMER, DEMO_PASSWORD, signIn } from './support/accounts.ts';
import { expect, test, type Axe } from './support/fixtures.ts';
import { throttleLocales, watchForRawKeys } from './support/raw-keys.ts';
import { t } from './support/translations.ts';

const customer = { email: DEMO_CUSTOMER, password: DEMO_PASSWORD };

/** Signs the demo customer in from the login screen and checks both screens, the login's and the board's. */
async function signInCustomer(page: Page, visit: (path: string) => Promise<void>, axe: Axe): Promise<void> {
  await visit('/');
  await signIn(page, customer);
  await expect(page).toHaveURL(/\/home\/board$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await axe.check();
}

test('a missing part on a slow link never shows a translation key, and its button leads back into the signed-in catalogue', async ({
  page,
  browser,
  baseURL,
  axe,
  visit,
}) => {
  test.slow();
  await signInCustomer(page, visit, axe);

  // A fresh page load: no namespace is in memory, and every locale file takes a while.
  const rawKeys = await watchForRawKeys(page);
  await throttleLocales(page, 1_500);
  await page.goto('/home/parts/99999');
  await expect(page.getByRole('heading', { level: 1, name: t('catalog:load-error.title') })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(t('catalog:load-error.not-found'))).toBeVisible();
  await axe.check();
  expect(await rawKeys.shown(), 'translation keys shown in place of text').toEqual([]);

  const toCatalogue = page.getByRole('link', { name: t('catalog:load-error.catalog') });
  await expect(toCatalogue).toHaveAttribute('href', '/home/catalog-folders');
  await expect(page.getByRole('link', { name: t('catalog:load-error.public') })).toHaveCount(0);
  await toCatalogue.click();
  await expect(page).toHaveURL(/\/home\/catalog-folders$/);
  await expect(page.getByRole('heading', { level: 1, name: t('catalog:root.title') })).toBeVisible();
  await axe.check();

  // A visitor who is not signed in is offered the public catalogue instead.
  const visitor = await browser.newContext({ baseURL });
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/parts-catalog-public/catalog-folders/99999/catalog-folders');
    await expect(
      visitorPage.getByRole('heading', { level: 1, name: t('catalog:load-error.title') }),
    ).toBeVisible();
    await expect(visitorPage.getByRole('link', { name: t('catalog:load-error.public') })).toHaveAttribute(
      'href',
      '/parts-catalog-public/catalog-folders',
    );
    await axe.check(visitorPage);
  } finally {
    await visitor.close();
  }
});

/** The demo customer's first service request, which has a chat. */
async function firstServiceRequestPath(page: Page): Promise<string> {
  const answer = await page.request.get('/api/service-requests/user-owned');
  expect(answer.ok()).toBe(true);
  const { items } = (await answer.json()) as { items: Array<{ id: string }> };
  return `/home/services/edit/${items[0]!.id}`;
}

test('a chat file the server refuses by its bytes is named with the reason, as the upload field says it', async ({
  page,
  visit,
  axe,
}) => {
  test.slow();
  await signInCustomer(page, visit, axe);
  await visit(await firstServiceRequestPath(page));
  // Its name passes the browser's check; its bytes are no JPEG, which only the server can tell.
  await page.getByLabel(t('services:chat.composer.attach-input')).setInputFiles({
    name: 'pump-photo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('this is a text file, not a photo'),
  });
  await page.getByRole('button', { name: t('services:chat.composer.send'), exact: true }).click();

  const reason = t('services:uploads.problem.type', 'pl', { name: 'pump-photo.jpg' });
  await expect(page.getByRole('alert').filter({ hasText: reason }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(t('services:chat.errors.file'))).toHaveCount(0);
  // Sending it again cannot help: it leaves the queue instead of waiting there with "Retry".
  await expect(page.getByRole('list', { name: t('services:chat.composer.files') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('services:chat.composer.retry') })).toHaveCount(0);
});

for (const [language, country] of [
  ['pl', 'Polska'],
  ['en', 'Poland'],
  ['de', 'Polen'],
] as const) {
  test(`the footer names the maker's country in the page's language (${language})`, async ({
    page,
    visit,
  }) => {
    await visit(`/?lng=${language}`);
    await expect(page.getByRole('contentinfo').locator('address')).toContainText(`Mosina, ${country}`);
  });
}

test("the file name in the customer's own chat bubble is readable in the dark scheme (WCAG 2.2 AA)", async ({
  page,
  visit,
  axe,
}) => {
  test.slow();
  await signInCustomer(page, visit, axe);
  await visit(await firstServiceRequestPath(page));
  await page.getByLabel(t('services:chat.composer.attach-input')).setInputFiles({
    name: 'nameplate.png',
    mimeType: 'image/png',
    buffer: PNG_1X1,
  });
  await page.getByRole('button', { name: t('services:chat.composer.send'), exact: true }).click();
  const log = page.getByRole('log', { name: t('services:chat.messages-label') });
  await expect(log.getByRole('link', { name: 'nameplate.png' }).last()).toBeVisible({ timeout: 15_000 });
  await axe.check();
  await axe.checkDark();
});

/** A valid 1 × 1 PNG: the server takes a file's type from its bytes. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const STAFF = { email: 'admin@agromech.example', password: DEMO_PASSWORD };

test('from 1024 px the signed-in header holds every navigation item in pl, en and de, and the footer lines up with it', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  for (const account of [customer, STAFF]) {
    const context = await browser.newContext({ baseURL, viewport: { width: 1024, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await signIn(page, account);
      await expect(page).toHaveURL(/\/(home|staff)(\/|$)/);
      // 1024: the narrowest header row; 1399: the widest without the logo's wordmark; 1408: the wordmark back, and the
      // row as wide as it ever gets (the frame's column stops growing there).
      for (const [width, language] of [1024, 1399, 1408].flatMap((w) =>
        (['pl', 'en', 'de'] as const).map((l) => [w, l] as const),
      )) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${new URL(page.url()).pathname}?lng=${language}`);
        const header = page.locator('.mantine-AppShell-header');
        const nav = header.getByRole('navigation', { name: t('layout:nav.label', language) });
        await expect(nav).toBeVisible();
        await expect(header.getByRole('button', { name: t('layout:menu.open', language) })).toBeHidden();
        await expect(
          header.getByRole('button', { name: t('layout:user-menu.open', language) }),
        ).toBeVisible();
        const where = `${account.email} (${language}, ${width} px)`;
        // Nothing is pushed out of the row or squeezed over its neighbour.
        const boxes = await header.evaluate((element) => {
          const row = element.querySelector(':scope .mantine-Group-root')!;
          const items = [...row.querySelectorAll('a, button')].filter((item) => item.checkVisibility());
          return {
            overflow: row.scrollWidth - row.clientWidth,
            items: items.map((item) => {
              const box = item.getBoundingClientRect();
              return { name: item.textContent, left: box.left, right: box.right, top: box.top };
            }),
          };
        });
        expect(boxes.overflow, `header overflow for ${where}`).toBeLessThanOrEqual(0);
        const ordered = boxes.items.filter((item) => item.top < 60).sort((a, b) => a.left - b.left);
        for (const [index, item] of ordered.entries()) {
          expect(item.right, `${item.name} inside the window for ${where}`).toBeLessThanOrEqual(width);
          const next = ordered[index + 1];
          if (next)
            expect(item.right, `${item.name} before ${next.name} (${where})`).toBeLessThanOrEqual(next.left);
        }

        // The footer's column starts and ends where the header's row and the screen do. The back office has no
        // footer (issue 18): there the screen's own column lines up with the header.
        const left = async (locator: Locator) => (await locator.boundingBox())!.x;
        const logoX = await left(header.getByRole('link', { name: t('layout:nav.home-link', language) }));
        if (account === STAFF) await expect(page.getByRole('contentinfo')).toHaveCount(0);
        const footerColumn = (account === STAFF ? page.getByRole('main') : page.getByRole('contentinfo'))
          .locator('.mantine-Container-root')
          .first();
        const footerX = await footerColumn.evaluate(
          (element) =>
            element.getBoundingClientRect().left + parseFloat(getComputedStyle(element).paddingLeft),
        );
        expect(Math.abs(footerX - logoX), `footer against the header for ${where}`).toBeLessThanOrEqual(1);
      }
    } finally {
      await context.close();
    }
  }

  // The public catalogue's full-width header and its footer share a column as well.
  const visitor = await browser.newContext({ baseURL, viewport: { width: 1440, height: 800 } });
  try {
    const page = await visitor.newPage();
    await page.goto('/parts-catalog-public/catalog-folders');
    const logo = page.getByRole('banner').getByRole('link', { name: t('catalog:public.home-link') });
    const footerColumn = page.getByRole('contentinfo').locator('.mantine-Container-root').first();
    const footerX = await footerColumn.evaluate(
      (element) => element.getBoundingClientRect().left + parseFloat(getComputedStyle(element).paddingLeft),
    );
    expect(Math.abs(footerX - (await logo.boundingBox())!.x), 'public catalogue footer').toBeLessThanOrEqual(
      1,
    );
  } finally {
    await visitor.close();
  }
});
