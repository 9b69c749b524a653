import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { t } from './support/translations.ts';

/** A phone's link dropping one of the app's script files (the React chunk: every page needs it). */
const failReactChunk = (page: Page) =>
  page.route(/\/assets\/react-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));

test.describe('the app code does not arrive (a weak mobile link)', () => {
  test('the sign-in page says so instead of a splash for ever, and its reload button brings the page', async ({
    page,
    axe,
  }) => {
    await failReactChunk(page);
    await page.goto('/');
    const notice = page.getByRole('alert');
    await expect(notice).toContainText(t('common:load-failed'));
    await axe.check();

    await page.unrouteAll();
    await notice.getByRole('button', { name: t('common:actions.reload') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('auth:login.title') })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a server-rendered catalogue page stays readable and says in its language that it is not complete', async ({
    page,
    axe,
  }) => {
    await failReactChunk(page);
    await page.goto('/parts-catalog-public/catalog-folders?lng=de');
    await expect(page.getByRole('heading', { level: 1, name: t('catalog:root.title', 'de') })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(t('common:load-failed', 'de'));
    await expect(page.getByRole('alert').getByRole('button')).toHaveText(t('common:actions.reload', 'de'));
    await axe.check();
    // Dark as well: without the app only index.html's scheme script runs, so the page is loaded again in dark.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('alert')).toBeVisible();
    await axe.check();
  });
});
