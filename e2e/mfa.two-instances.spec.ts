import { execFileSync } from 'node:child_process';
import type { BrowserContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, openUserMenuEntry, signIn } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { e2eDatabaseUrl } from './support/servers.ts';
import { textbox } from './support/controls.ts';
import { t } from './support/translations.ts';

/*
 * Passkeys and the staff second-factor requirement (issue 15). On the 'two-instances' servers: their database is
 * real PostgreSQL, where the CLI can make a staff account of this journey's own, so that no other journey's demo
 * staff meets a passkey or the requirement.
 */
const PASSWORD = 'Kombajn-Passkey-2026';

function createStaff(label: string): { email: string; password: string } {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@agromech.example`;
  execFileSync(
    'node',
    [
      '--disable-warning=ExperimentalWarning',
      'apps/server/src/cli/main.ts',
      'create-user',
      '--email',
      email,
      '--role',
      'service',
      '--first-name',
      'Ewa',
      '--last-name',
      'Nowak',
      '--password',
      PASSWORD,
    ],
    { env: { ...process.env, DATABASE_URL: e2eDatabaseUrl() }, stdio: 'pipe' },
  );
  return { email, password: PASSWORD };
}

/** Chromium's virtual authenticator (CDP WebAuthn domain): a platform authenticator with user verification. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** The admin's change of the requirement, answered by the server. */
const saved = (admin: Page) =>
  admin.waitForResponse(
    (r) => r.url().endsWith('/api/admin/security') && r.request().method() === 'PUT' && r.ok(),
  );

async function submitPassword(page: Page, { email, password }: { email: string; password: string }) {
  await textbox(page, 'auth:login.username').fill(email);
  await textbox(page, 'auth:login.password').fill(password);
  await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
}

test('a staff member adds a passkey in settings, signs out and signs in with it', async ({
  page,
  context,
  visit,
  axe,
}) => {
  test.setTimeout(90_000);
  const staff = createStaff('passkey');
  await addVirtualAuthenticator(context, page);
  await visit('/');
  await signIn(page, staff);
  await expect(page).toHaveURL('/staff');
  await axe.check();

  await openUserMenuEntry(page, 'layout:user-menu.settings');
  await expect(page).toHaveURL('/staff/settings');
  await expect(page.getByRole('heading', { level: 1, name: t('mfa:settings.title') })).toBeVisible();
  await axe.check();
  await page.getByRole('textbox', { name: t('mfa:passkeys.name') }).fill('Laptop serwisowy');
  await page.getByRole('button', { name: t('mfa:passkeys.add') }).click();
  const dialog = page.getByRole('dialog', { name: t('mfa:recovery.title') });
  await expect(dialog.getByTestId('recovery-code')).toHaveCount(10);
  await axe.check();
  await axe.checkDark();
  await dialog.getByRole('button', { name: t('mfa:recovery.saved') }).click();
  await expect(page.getByRole('list', { name: t('mfa:passkeys.list') })).toContainText('Laptop serwisowy');

  await openUserMenuEntry(page, 'layout:user-menu.sign-out');
  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: t('mfa:sign-in-with-passkey') }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('auth:sign-in-successful') })).toBeVisible();
  await expect(page).toHaveURL('/staff');
  expect((await page.request.get('/api/user/extended-details')).status()).toBe(200);
});

test('with the requirement on, a staff member without a factor sets up TOTP and gets recovery codes', async ({
  page,
  browser,
  visit,
  axe,
}) => {
  test.setTimeout(120_000);
  const staff = createStaff('totp');
  const admin = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  try {
    await admin.goto('/');
    await signIn(admin, { email: 'admin@agromech.example', password: DEMO_PASSWORD });
    await admin.goto('/staff/admin/security');
    const requirement = admin.getByRole('switch', { name: t('mfa:admin.require-label') });
    await expect(requirement).not.toBeChecked();
    await axe.check(admin);
    await axe.checkDark(admin);

    await page.setViewportSize({ width: 360, height: 780 });
    await visit('/');
    // The requirement is on only for this sign-in: other journeys' staff sign in on these servers too.
    await Promise.all([saved(admin), requirement.check()]);
    await submitPassword(page, staff);
    await expect(page).toHaveURL('/second-factor');
    await Promise.all([saved(admin), requirement.uncheck()]);

    await expect(page.getByRole('heading', { level: 1, name: t('mfa:setup.title') })).toBeVisible();
    // Until a factor is set up the session reaches no staff endpoint.
    const held = await page.request.get('/api/staff/service-requests');
    expect(held.status()).toBe(403);
    expect((await held.json()).code).toBe('SECOND_FACTOR_SETUP_REQUIRED');
    await axe.check();

    await page.getByRole('button', { name: t('mfa:totp.set-up') }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await axe.check();
    await page.getByRole('textbox', { name: t('mfa:totp.code') }).fill(await generate({ secret }));
    await page.getByRole('button', { name: t('mfa:totp.confirm') }).click();
    await expect(page.getByTestId('recovery-code')).toHaveCount(10);
    await axe.check();
    await axe.checkDark();
    await page.getByRole('button', { name: t('mfa:setup.continue') }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('auth:sign-in-successful') })).toBeVisible();
    await expect(page).toHaveURL('/staff');
    expect((await page.request.get('/api/staff/service-requests')).status()).toBe(200);
    await axe.check();
  } finally {
    await admin.close();
  }
});
