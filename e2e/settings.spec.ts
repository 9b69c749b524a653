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
import { originOf, SERVERS } from './support/servers.ts';
import { t } from './support/translations.ts';

const server = SERVERS.root;
const save = (page: Page, key: string) => page.getByRole('button', { name: t(key), exact: true }).click();

test('journey 6: settings keep details, address and notifications, reset saved tables, and deactivate the account', async ({
  page,
  browser,
  visit,
  axe,
}, testInfo) => {
  test.slow();
  const customer = newCustomer('ustawienia', journeySerial(4, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  await visit('/');
  await signIn(page, customer);
  await axe.check();
  await openUserMenuEntry(page, 'layout:user-menu.settings');
  await expect(page).toHaveURL('/home/user');
  await expect(heading(page)).toHaveText(t('layout:account.settings.title'));
  await expect(textbox(page, 'layout:account.details.first-name')).toHaveValue(customer.firstName);
  await axe.check();

  // Details: the phone rule, then saved names, phone and PESEL/NIP.
  await textbox(page, 'layout:account.details.phone').fill('12345');
  await save(page, 'layout:account.details.submit');
  await expect(page.getByText(t('validation:form.wrong-phone'), { exact: true })).toBeVisible();
  await textbox(page, 'layout:account.details.first-name').fill('Zofia Anna');
  await textbox(page, 'layout:account.details.phone').fill('601 200 300');
  await textbox(page, 'layout:account.details.pesel-or-nip').fill('85010112345');
  await save(page, 'layout:account.details.submit');
  await expect(notice(page, t('layout:account.details.success'))).toBeVisible();

  // Address, with the country picked from the list.
  await textbox(page, 'layout:account.address.street').fill('Polna');
  await textbox(page, 'layout:account.address.house-number').fill('7');
  await textbox(page, 'layout:account.address.postal-code').fill('10115');
  await textbox(page, 'layout:account.address.city').fill('Berlin');
  await page.getByRole('combobox', { name: t('layout:account.address.country'), exact: true }).click();
  await page.getByRole('option', { name: 'Niemcy' }).click();
  await save(page, 'layout:account.address.submit');
  await expect(notice(page, t('layout:account.address.success'))).toBeVisible();

  // Notifications: state changes off, marketing on.
  const stateChange = page.getByRole('switch', { name: t('layout:account.notifications.state-change') });
  const marketing = page.getByRole('switch', { name: t('layout:account.notifications.marketing') });
  await expect(stateChange).toBeChecked();
  await expect(marketing).not.toBeChecked();
  await stateChange.uncheck();
  await marketing.check();
  await save(page, 'layout:account.notifications.submit');
  await expect(notice(page, t('layout:account.notifications.success'))).toBeVisible();
  await axe.checkDark();

  await page.reload();
  await expect(textbox(page, 'layout:account.details.first-name')).toHaveValue('Zofia Anna');
  await expect(textbox(page, 'layout:account.details.phone')).toHaveValue('601200300');
  await expect(textbox(page, 'layout:account.details.pesel-or-nip')).toHaveValue('85010112345');
  await expect(textbox(page, 'layout:account.address.city')).toHaveValue('Berlin');
  await expect(
    page.getByRole('combobox', { name: t('layout:account.address.country'), exact: true }),
  ).toHaveValue('Niemcy');
  await expect(stateChange).not.toBeChecked();
  await expect(marketing).toBeChecked();
  await expect(page.getByRole('button', { name: t('layout:user-menu.open') })).toContainText('Zofia Anna');

  // Saved table settings (as the machine table stores them) are removed by the reset.
  const origin = originOf(server);
  const tableSetting = { broadValue: 'care-portal', key: 'table.machines', value: { filtersVisible: true } };
  const created = await page.request.post('/api/user/settings', { headers: { origin }, data: tableSetting });
  expect(created.ok(), await created.text()).toBe(true);
  await page.getByRole('button', { name: t('layout:account.tables.reset') }).click();
  await expect(notice(page, t('layout:account.tables.success'))).toBeVisible();
  const settings = await (await page.request.get('/api/user/settings?broadValue=care-portal')).json();
  expect(settings).toEqual([]);

  // Deactivation: confirmed with the password; every session ends and the account cannot sign in.
  const elsewhere = await browser.newContext();
  const otherDevice = await signInElsewhere(elsewhere.request, server, customer);
  await page.getByRole('button', { name: t('layout:account.deactivate.button') }).click();
  const dialog = page.getByRole('dialog', { name: t('layout:account.deactivate.confirm-title') });
  await dialog
    .getByRole('textbox', { name: t('layout:account.deactivate.password'), exact: true })
    .fill('Not-my-password-1');
  await dialog.getByRole('button', { name: t('layout:account.deactivate.confirm') }).click();
  await expect(dialog.getByText(t('validation:form.password-incorrect'), { exact: true })).toBeVisible();
  await axe.check();
  await dialog
    .getByRole('textbox', { name: t('layout:account.deactivate.password'), exact: true })
    .fill(customer.password);
  await dialog.getByRole('button', { name: t('layout:account.deactivate.confirm') }).click();
  await expect(notice(page, t('layout:account.deactivate.success'))).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(await otherDevice()).toBe(401);

  await textbox(page, 'auth:login.username').fill(customer.email);
  await textbox(page, 'auth:login.password').fill(customer.password);
  await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
  await expect(notice(page, t('errors:codes.INVALID_CREDENTIALS'))).toBeVisible();
  await axe.check();
  await elsewhere.close();
});
