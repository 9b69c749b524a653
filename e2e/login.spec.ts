import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { chooseLanguage, colorSchemeToggle, heading, languageButton } from './support/controls.ts';
import { t, type Language } from './support/translations.ts';

const html = (page: Page) => page.locator('html');

async function expectLoginScreenIn(page: Page, language: Language): Promise<void> {
  await expect(html(page)).toHaveAttribute('lang', language);
  await expect(heading(page)).toHaveText(t('auth:login.title', language));
  await expect(
    page.getByRole('textbox', { name: t('auth:login.username', language), exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('textbox', { name: t('auth:login.password', language), exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('checkbox', { name: t('auth:login.remember', language) })).toBeVisible();
  await expect(
    page.getByRole('button', { name: t('auth:login.submit', language), exact: true }),
  ).toBeVisible();
}

test.describe('login screen', () => {
  test('is in Polish by default and offers every control of SPEC §2', async ({ page, visit }) => {
    await visit('/');

    await expectLoginScreenIn(page, 'pl');
    await expect(languageButton(page, 'pl')).toBeVisible();
    await expect(colorSchemeToggle(page, 'dark')).toBeVisible();
    await expect(page.getByRole('textbox', { name: t('auth:login.username'), exact: true })).toHaveAttribute(
      'type',
      'email',
    );
    await expect(page.getByRole('textbox', { name: t('auth:login.password'), exact: true })).toHaveAttribute(
      'type',
      'password',
    );
    await expect(page.getByRole('checkbox', { name: t('auth:login.remember') })).not.toBeChecked();
    // Mantine names the password's show/hide button in English unless the app names it.
    await expect(
      page.getByRole('button', { name: 'Toggle password visibility' }),
      'the password visibility button is named in Polish',
    ).toHaveCount(0);
    for (const link of ['auth:login.forgot', 'auth:login.register', 'auth:login.b2c']) {
      await expect(page.getByRole('link', { name: t(link) })).toBeVisible();
    }
  });

  test('switching to English and then German changes the texts, and the choice survives a reload', async ({
    page,
    visit,
    axe,
  }) => {
    await visit('/');

    await chooseLanguage(page, 'pl', 'en');
    await expectLoginScreenIn(page, 'en');
    await expect(page.getByRole('link', { name: t('auth:login.forgot', 'en') })).toBeVisible();
    await axe.check();

    await chooseLanguage(page, 'en', 'de');
    await expectLoginScreenIn(page, 'de');
    await expect(page.getByRole('link', { name: t('auth:login.register', 'de') })).toBeVisible();
    await axe.check();

    await page.reload();
    await expectLoginScreenIn(page, 'de');
    await expect(languageButton(page, 'de')).toBeVisible();
  });

  test('the colour-scheme toggle switches <html> between light and dark, and the choice survives a reload', async ({
    page,
    visit,
    axe,
  }) => {
    await visit('/');
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'light');

    await colorSchemeToggle(page, 'dark').click();
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(colorSchemeToggle(page, 'light')).toBeVisible();
    await axe.check();

    await page.reload();
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await colorSchemeToggle(page, 'light').click();
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('its links lead to password reset, registration and consumer registration', async ({
    page,
    visit,
    axe,
  }) => {
    const links = [
      { name: 'auth:login.forgot', path: '/forgot-password', title: 'auth:forgot.title' },
      { name: 'auth:login.register', path: '/register', title: 'auth:register.title' },
      { name: 'auth:login.b2c', path: '/registerB2C', title: 'auth:b2c.title' },
    ];
    await visit('/');
    for (const link of links) {
      await page.getByRole('link', { name: t(link.name) }).click();
      await expect(page).toHaveURL(link.path);
      await expect(heading(page)).toHaveText(t(link.title));
      await axe.check();
      await page.goBack();
      await expect(heading(page)).toHaveText(t('auth:login.title'));
    }
  });
});

test.describe('login screen with a dark system preference', () => {
  test.use({ colorScheme: 'dark' });

  test('starts dark and passes the accessibility check', async ({ page, visit }) => {
    await visit('/');
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(colorSchemeToggle(page, 'light')).toBeVisible();
  });
});

test.describe('login screen in a browser set to French, which the portal does not offer', () => {
  test.use({ locale: 'fr-FR' });

  test('falls back to Polish', async ({ page, visit }) => {
    await visit('/');
    await expectLoginScreenIn(page, 'pl');
  });
});

test.describe('login screen in a browser set to German', () => {
  test.use({ locale: 'de-DE' });

  test('follows the browser language', async ({ page, visit }) => {
    await visit('/');
    await expectLoginScreenIn(page, 'de');
  });
});
