import { DEMO_CUSTOMER, DEMO_PASSWORD, signIn } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { throttleLocales, watchForRawKeys } from './support/raw-keys.ts';
import { t } from './support/translations.ts';

const customer = { email: DEMO_CUSTOMER, password: DEMO_PASSWORD };

test('a missing part on a slow link never shows a translation key, and its button leads back into the signed-in catalogue', async ({
  page,
  browser,
  baseURL,
  axe,
  visit,
}) => {
  test.slow();
  await visit('/');
  await signIn(page, customer);
  await axe.check();

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
