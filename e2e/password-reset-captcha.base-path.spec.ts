import { DEMO_CUSTOMER } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { portalLink, waitForMail } from './support/mail.ts';
import { SERVERS } from './support/servers.ts';
import { t } from './support/translations.ts';

/** The 'base-path' project's server runs with CAPTCHA_REQUIRED=true, as production does. */
test('with the captcha required, the browser solves it while the person types, and the reset e-mail arrives', async ({
  page,
  visit,
  axe,
}) => {
  const challenges: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/auth/captcha')) challenges.push(new URL(request.url()).pathname);
  });
  await visit('forgot-password');
  const captcha = page.locator('altcha-widget').getByRole('checkbox');
  await expect(captcha).toBeVisible();
  await expect(captcha).not.toBeChecked();

  // Focusing the form starts the proof of work (its worker is a same-origin file: the strict CSP allows it).
  await page.getByRole('textbox', { name: t('auth:forgot.email'), exact: true }).fill(DEMO_CUSTOMER);
  await expect(captcha).toBeChecked({ timeout: 15_000 });
  expect(challenges.every((path) => path === '/portal/auth/captcha')).toBe(true);
  await axe.check();
  await axe.checkDark();

  await page.getByRole('button', { name: t('auth:forgot.submit'), exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('auth:forgot.success') })).toBeVisible();
  await expect(page).toHaveURL(/\/portal\/?$/);
  await axe.check();

  const mail = await waitForMail(SERVERS.basePath, DEMO_CUSTOMER, { linkTo: '/reset-password/' });
  expect(portalLink(mail, '/reset-password/').pathname).toMatch(/^\/portal\/reset-password\/[\w-]{40,}$/);
});
