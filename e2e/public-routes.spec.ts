import { expect, test } from './support/fixtures.ts';
import { heading } from './support/controls.ts';
import { t } from './support/translations.ts';

/** SPEC §2 public routes (the login screen has its own spec). The catalogue ids are any ids: the route decides. */
const CATALOG = '/parts-catalog-public/catalog-folders';
const screens = [
  { path: '/forgot-password', title: t('auth:forgot.title') },
  { path: '/register', title: t('auth:register.title') },
  { path: '/registerB2C', title: t('auth:b2c.title') },
  { path: CATALOG, title: t('catalog:root.title') },
  { path: `${CATALOG}/7/catalog-folders`, title: null },
  { path: `${CATALOG}/7/catalog-folders/12/catalog-cards`, title: null },
  { path: `${CATALOG}/7/catalog-folders/12/catalog-cards/345`, title: null },
];

test.describe('public screens', () => {
  for (const screen of screens) {
    test(`${screen.path} renders its screen with a heading, accessible in light and dark`, async ({
      page,
      visit,
      axe,
    }) => {
      await visit(screen.path);
      await expect(page).toHaveURL(screen.path);
      if (screen.title) await expect(heading(page)).toHaveText(screen.title);
      else await expect(heading(page)).not.toBeEmpty();
      await axe.checkDark();
    });
  }

  test('a confirmation link with an unknown token shows the registration failure and leads back to sign-in', async ({
    page,
    axe,
  }) => {
    await page.goto('/confirm/some-token/jan@example.com');
    await expect(heading(page)).toHaveText(t('auth:register-failure'));
    await expect(page.getByText(t('auth:register-failure-message'))).toBeVisible();
    await axe.check();
    await axe.checkDark();

    await page.getByRole('link', { name: t('common:actions.back-to-login') }).click();
    await expect(page).toHaveURL('/');
    await expect(heading(page)).toHaveText(t('auth:login.title'));
    await axe.check();
  });

  test('an unknown path shows the not-found page whose button leads home, which signed out is sign-in', async ({
    page,
    visit,
    axe,
  }) => {
    axe.skip(/^\/home(\/board)?$/, 'signed out: /home redirects to the login screen before anything renders');
    // The address is no page of the app: the server says so (404) and sends the app, which shows its not-found page.
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/no-such-page');
    await visit('/no-such-page');
    expect((await answer).status()).toBe(404);
    await expect(heading(page)).toHaveText(t('errors:404-error'));
    await expect(page.getByText(t('errors:404-error-message'))).toBeVisible();
    await axe.checkDark();

    await page.getByRole('link', { name: t('common:actions.back-home') }).click();
    await expect(page).toHaveURL('/');
    await expect(heading(page)).toHaveText(t('auth:login.title'));
    await axe.check();
  });

  test('a missing file is a plain 404, never the app', async ({ request }) => {
    for (const path of ['/sitemap.xml', '/manifest.webmanifest', '/x.png']) {
      const response = await request.get(path);
      expect({ path, status: response.status(), type: response.headers()['content-type'] }).toEqual({
        path,
        status: 404,
        type: expect.stringContaining('application/json'),
      });
    }
  });
});
