import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { heading } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { OIDC_PROVIDER } from './support/servers.ts';
import { t } from './support/translations.ts';

/**
 * Issue 15, staff sign-in: an employee signs in through the company's identity provider (the journeys' own
 * oidc-provider, e2e/support/oidc-provider.ts) and the groups it sends decide the role. The `sso` server has
 * staff password sign-in turned off.
 */
const ssoButton = (page: Page) =>
  page.getByRole('link', {
    name: t('auth:sso.sign-in-with', 'pl', { provider: OIDC_PROVIDER.providerName }),
  });

/** The provider's own form: its development sign-in takes any password for the login name. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${OIDC_PROVIDER.issuer}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test.beforeEach(({ axe }) => {
  axe.skip(/^\/interaction\//, "the test identity provider's own sign-in form, not the portal");
});

test('an employee whose group maps to service signs in through the identity provider and lands on the service queue', async ({
  page,
  axe,
}) => {
  test.slow();
  await page.goto('/');
  await expect(ssoButton(page)).toBeVisible();
  await axe.check();
  await axe.checkDark();

  await ssoButton(page).click();
  await signInAtProvider(page, 'ewa');
  await expect(page).toHaveURL('/staff');
  await expect(heading(page)).toHaveText(t('staff:queue.title'));
  await axe.check();

  // Staff settings: the session list, this device marked.
  await page.getByRole('button', { name: t('layout:user-menu.open') }).click();
  await page.getByRole('menuitem', { name: t('layout:user-menu.settings') }).click();
  await expect(page).toHaveURL('/staff/settings');
  await expect(heading(page)).toHaveText(t('layout:staff-settings.title'));
  const sessions = page.getByRole('list', { name: t('layout:sessions.title') });
  await expect(sessions.getByText(t('layout:sessions.this-device'))).toBeVisible();
  await axe.check();
  await axe.checkDark();

  // Staff passwords are off on this server: the demo service account's right password is refused.
  const refused = await page.request.post('/auth/login', {
    headers: { origin: new URL(page.url()).origin },
    data: { username: 'serwis@agromech.example', password: DEMO_PASSWORD, remember: false },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('PASSWORD_SIGN_IN_DISABLED');
});

test('a person whose groups map to no role is refused with a clear message and gets no account', async ({
  page,
  axe,
}) => {
  await page.goto('/');
  await axe.check();
  await ssoButton(page).click();
  await signInAtProvider(page, 'olek');
  await expect(page).toHaveURL('/?sso-error=SSO_NO_ROLE');
  await expect(page.getByRole('alert').filter({ hasText: t('errors:codes.SSO_NO_ROLE') })).toBeVisible();
  await axe.check();
  expect((await page.request.get('/api/user/extended-details')).status()).toBe(401);
});
