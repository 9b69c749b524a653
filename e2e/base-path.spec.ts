import { expect, test } from './support/fixtures.ts';
import { heading } from './support/controls.ts';
import { t } from './support/translations.ts';

/** These run in the 'base-path' project: the server has BASE_PATH=/portal and baseURL ends in /portal/. */
const BASE = '/portal';

test.describe('the portal under BASE_PATH=/portal', () => {
  test('the login page comes rendered with its texts and loads its code from /portal/assets/; a page the browser renders loads its texts from /portal/locales/lang/', async ({
    page,
    visit,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http')) requested.push(url.pathname);
    });

    await visit('');
    await expect(page).toHaveURL(`${BASE}/`);
    await expect(heading(page)).toHaveText(t('auth:login.title'));
    await expect(page.getByRole('contentinfo').locator('address')).toBeVisible();

    // The server rendered it (ADR 059) and sent its translations with it; a page rendered in the browser asks for them.
    await expect(page.locator('#page-state')).toBeAttached();
    await visit('register');
    await expect(heading(page)).toHaveText(t('auth:register.title'));
    const assets = requested.filter((path) => /\.(js|css)$/.test(path));
    expect(assets.length).toBeGreaterThan(0);
    expect(
      assets.every((path) => path.startsWith(`${BASE}/assets/`)),
      assets.join('\n'),
    ).toBe(true);
    const locales = requested.filter((path) => path.endsWith('.json') && path.includes('/locales/'));
    expect(locales).toContain(`${BASE}/locales/lang/auth/pl.json`);
    expect(
      locales.every((path) => path.startsWith(`${BASE}/locales/lang/`)),
      locales.join('\n'),
    ).toBe(true);
    expect(requested.filter((path) => !path.startsWith(`${BASE}/`))).toEqual([]);
  });

  test('client navigation to /portal/register works, and so does loading it directly', async ({
    page,
    visit,
    axe,
  }) => {
    await visit('');
    await page.getByRole('link', { name: t('auth:login.register') }).click();
    await expect(page).toHaveURL(`${BASE}/register`);
    await expect(heading(page)).toHaveText(t('auth:register.title'));
    await axe.check();

    await page.reload();
    await expect(page).toHaveURL(`${BASE}/register`);
    await expect(heading(page)).toHaveText(t('auth:register.title'));

    await visit('register');
    await expect(page).toHaveURL(`${BASE}/register`);
    await expect(heading(page)).toHaveText(t('auth:register.title'));
  });
});
