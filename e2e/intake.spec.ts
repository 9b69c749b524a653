import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  journeySerial,
  newCustomer,
  registerConfirmedCustomer,
  signIn,
} from './support/accounts.ts';
import { heading, notice, textbox } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { SERVERS } from './support/servers.ts';
import { customerApi, DEMO_SERVICE, fileRequest } from './support/service-journey.ts';
import { t } from './support/translations.ts';

const DESKTOP = { width: 1440, height: 900 };
const CODE = /SR\/\d{4}\/\d{6}/;

const record = (page: Page) => page.getByTestId('request-record');

async function codeOf(page: Page): Promise<string> {
  await expect(heading(page)).toContainText(CODE);
  return CODE.exec((await heading(page).textContent()) ?? '')![0];
}

/**
 * Issue 18, intake and corrections: a customer phones; the service employee files the request for them from the
 * queue, corrects its transport with a reason (in the history), and closes the customer's other request as its
 * duplicate. The customer sees the filed request as theirs and follows the duplicate link between the two.
 */
test('a service employee files a request for a customer who phoned, corrects it and closes a duplicate', async ({
  page,
  browser,
  axe,
}, testInfo) => {
  test.slow();
  const server = SERVERS.root;
  const customer = newCustomer('telefon', journeySerial(14, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  // The customer had also filed the same matter online.
  const online = await fileRequest(await customerApi(server, customer));

  await page.setViewportSize(DESKTOP);
  axe.skip('/', 'the sign-in screen on the way to the queue (checked by the sign-in journeys)');
  await page.goto('/');
  await signIn(page, { email: DEMO_SERVICE, password: DEMO_PASSWORD });
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('link', { name: online, exact: true })).toBeVisible();
  await axe.check(page);

  // From the queue to the intake screen; the customer is found by a piece of their e-mail.
  await page.getByRole('link', { name: t('intake:new.button') }).click();
  await expect(heading(page)).toHaveText(t('intake:new.title'));
  await axe.check(page);
  const picker = page.getByRole('combobox', { name: t('intake:customer.label') });
  await picker.fill(customer.email.split('@')[0]!);
  await page.getByRole('option', { name: new RegExp(customer.email) }).click();
  // Their one machine is chosen already.
  await expect(page.getByRole('combobox', { name: t('services:fields.machine') })).toHaveValue(
    new RegExp(customer.serialNumber),
  );
  const description = 'Klient dzwonił: przekładnia kombajnu hałasuje przy pełnym obciążeniu.';
  await textbox(page, 'services:fields.problem-description').fill(description);
  await page.getByRole('combobox', { name: t('services:fields.transport-type') }).click();
  await page.getByRole('option').first().click();
  await axe.check(page);
  await axe.checkDark(page);
  await page.getByRole('button', { name: t('services:new.submit') }).click();
  await expect(page).toHaveURL(/\/staff\/service-requests\/\d+$/);
  const phoned = await codeOf(page);
  await expect(notice(page, t('intake:new.success', 'pl', { code: phoned }))).toBeVisible();
  await expect(record(page)).toContainText('Piotr Nowak');

  // A correction of the transport, with a reason kept in the history.
  await page.getByRole('button', { name: t('intake:correct.open') }).click();
  const correction = page.getByRole('dialog', { name: t('intake:correct.title') });
  await correction.getByRole('combobox', { name: t('services:fields.transport-type') }).click();
  await page.getByRole('option').last().click();
  const reason = 'Klient jednak przywiezie maszynę sam.';
  await correction.getByRole('textbox', { name: t('intake:correct.reason') }).fill(reason);
  await axe.check(page);
  await correction.getByRole('button', { name: t('intake:correct.submit') }).click();
  await expect(notice(page, t('intake:correct.success'))).toBeVisible();
  await expect(correction).toBeHidden();
  await page.getByRole('tab', { name: t('staff:request-page.tabs.history') }).click();
  const corrections = page.getByRole('region', { name: t('intake:history.title') });
  await expect(corrections).toContainText(t('intake:fields.transportType'));
  await expect(corrections).toContainText(reason);
  await axe.check(page);
  await axe.checkDark(page);

  // The request filed online repeats it: closed as its duplicate, behind a second click.
  await page.goto('/staff');
  await page.getByRole('link', { name: online, exact: true }).click();
  await expect(heading(page)).toContainText(online);
  await page.getByRole('button', { name: t('intake:duplicate.open') }).click();
  const duplicate = page.getByRole('dialog', { name: t('intake:duplicate.title') });
  await duplicate.getByRole('combobox', { name: t('intake:duplicate.original') }).click();
  await page.getByRole('option', { name: new RegExp(phoned.replaceAll('/', '\\/')) }).click();
  await duplicate.getByRole('button', { name: t('intake:duplicate.submit') }).click();
  await expect(duplicate.getByRole('alert')).toContainText(phoned);
  await axe.check(page);
  await duplicate.getByRole('button', { name: t('intake:duplicate.confirm-submit') }).click();
  await expect(notice(page, t('intake:duplicate.success', 'pl', { code: phoned }))).toBeVisible();
  await expect(record(page).getByRole('link', { name: phoned })).toBeVisible();
  await expect(page.getByText(t('services:status.X')).first()).toBeVisible();

  // The customer sees the phoned request as theirs, with the correction but not the staff's reason, and follows
  // the links both ways.
  const customerContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const own = await customerContext.newPage();
    await own.setViewportSize({ width: 360, height: 800 });
    await own.goto('/');
    await signIn(own, customer);
    await own.goto('/home/services');
    await own.getByRole('link', { name: phoned }).first().click();
    await expect(heading(own)).toContainText(phoned);
    await expect(record(own)).toContainText(
      t('intake:record.filed-by-customer', 'pl', { name: 'Piotr Nowak', date: '' }).split(' (')[0]!,
    );
    const history = own.getByRole('region', { name: t('intake:history.title') });
    await expect(history).toContainText(t('intake:fields.transportType'));
    await expect(history).not.toContainText(reason);
    await axe.check(own);
    await record(own).getByRole('link', { name: online }).click();
    await expect(heading(own)).toContainText(online);
    await expect(record(own)).toContainText(t('intake:record.duplicate-of'));
    await axe.check(own);
    await axe.checkDark(own);
    await record(own).getByRole('link', { name: phoned }).click();
    await expect(heading(own)).toContainText(phoned);
  } finally {
    await customerContext.close();
  }
});
