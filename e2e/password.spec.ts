import type { Page } from '@playwright/test';
import {
  journeySerial,
  newCustomer,
  openUserMenuEntry,
  registerConfirmedCustomer,
  signIn,
  signInElsewhere,
} from './support/accounts.ts';
import { heading, notice, textbox } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { mailsTo, portalLink, waitForMail } from './support/mail.ts';
import { SERVERS } from './support/servers.ts';
import { t } from './support/translations.ts';

const server = SERVERS.root;

async function expectSignInRefused(page: Page, email: string, password: string) {
  await textbox(page, 'auth:login.username').fill(email);
  await textbox(page, 'auth:login.password').fill(password);
  await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
  await expect(notice(page, t('errors:codes.INVALID_CREDENTIALS'))).toBeVisible();
}

test('journey 4: forgot password says the same for any address, the e-mailed link works once, other sessions end', async ({
  page,
  browser,
  visit,
  axe,
}, testInfo) => {
  test.slow();
  const customer = newCustomer('haslo', journeySerial(2, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  const elsewhere = await browser.newContext();
  const otherDevice = await signInElsewhere(elsewhere.request, server, customer);
  expect(await otherDevice()).toBe(200);

  const unknown = `nie-ma-takiego-${Date.now()}@example.com`;
  for (const email of [unknown, customer.email]) {
    await visit('/forgot-password');
    await textbox(page, 'auth:forgot.email').fill(email);
    await page.getByRole('button', { name: t('auth:forgot.submit'), exact: true }).click();
    await expect(notice(page, t('auth:forgot.success'))).toBeVisible();
    await expect(page).toHaveURL('/');
  }
  await axe.check();

  const mail = await waitForMail(server, customer.email, { linkTo: '/reset-password/' });
  expect(mail.subject).toContain('Ustaw nowe hasło');
  expect(await mailsTo(server, unknown), 'no mail to an address without an account').toHaveLength(0);
  const link = portalLink(mail, '/reset-password/');

  await page.goto(link.pathname);
  await expect(heading(page)).toHaveText(t('auth:reset.title'));
  await axe.check();
  const newPassword = `${customer.password}-nowe`;
  await textbox(page, 'auth:reset.password').fill(newPassword);
  await textbox(page, 'auth:reset.confirm-password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: t('auth:reset.submit') }).click();
  await expect(page.getByText(t('validation:form.passwords-not-same'), { exact: true })).toBeVisible();
  await textbox(page, 'auth:reset.confirm-password').fill(newPassword);
  await page.getByRole('button', { name: t('auth:reset.submit') }).click();
  await expect(notice(page, t('auth:reset.success'))).toBeVisible();
  await expect(page).toHaveURL('/');

  expect(await otherDevice(), 'the other device is signed out').toBe(401);
  await expectSignInRefused(page, customer.email, customer.password);
  await signIn(page, { email: customer.email, password: newPassword });
  await expect(page).toHaveURL('/home/board');
  await axe.check();

  await page.goto(link.pathname);
  await expect(heading(page), 'the link works once').toHaveText(t('auth:reset.invalid-title'));
  await expect(textbox(page, 'auth:reset.password')).toHaveCount(0);
  await axe.check();
  await elsewhere.close();
});

test('journey 5: changing the password needs the right current one and a different new one', async ({
  page,
  browser,
  visit,
  axe,
}, testInfo) => {
  test.slow();
  const customer = newCustomer('zmiana', journeySerial(3, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  const elsewhere = await browser.newContext();
  const otherDevice = await signInElsewhere(elsewhere.request, server, customer);
  await visit('/');
  await signIn(page, customer);
  await axe.check();
  await openUserMenuEntry(page, 'layout:user-menu.change-password');
  await expect(page).toHaveURL('/home/update-password');
  await expect(heading(page)).toHaveText(t('layout:account.password.title'));
  await axe.check();

  await textbox(page, 'layout:account.password.old').fill(customer.password);
  await textbox(page, 'layout:account.password.new').fill(customer.password);
  await textbox(page, 'layout:account.password.confirm').fill(customer.password);
  await page.getByRole('button', { name: t('layout:account.password.submit') }).click();
  await expect(page.getByText(t('validation:form.password-same-as-old'), { exact: true })).toBeVisible();

  const newPassword = `${customer.password}-2`;
  await textbox(page, 'layout:account.password.old').fill('Not-my-password-1');
  await textbox(page, 'layout:account.password.new').fill(newPassword);
  await textbox(page, 'layout:account.password.confirm').fill(newPassword);
  await page.getByRole('button', { name: t('layout:account.password.submit') }).click();
  await expect(notice(page, t('errors:account.password-change'))).toBeVisible();
  await expect(page.getByText(t('validation:form.password-incorrect'), { exact: true })).toBeVisible();
  await axe.checkDark();

  await textbox(page, 'layout:account.password.old').fill(customer.password);
  await page.getByRole('button', { name: t('layout:account.password.submit') }).click();
  await expect(notice(page, t('layout:account.password.success'))).toBeVisible();
  await expect(page).toHaveURL('/home/user');
  await axe.check();
  expect(await otherDevice(), 'other sessions end').toBe(401);

  await openUserMenuEntry(page, 'layout:user-menu.sign-out');
  await expect(page).toHaveURL('/');
  await expectSignInRefused(page, customer.email, customer.password);
  await signIn(page, { email: customer.email, password: newPassword });
  await elsewhere.close();
});
