import type { Page } from '@playwright/test';
import { LIMITS } from '@care/contract/limits';
import { JPEG } from '../apps/server/src/test/files.ts';
import {
  DEMO_PASSWORD,
  journeySerial,
  newCustomer,
  registerConfirmedCustomer,
  signIn,
} from './support/accounts.ts';
import { heading, notice } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { mailsTo, type Mail } from './support/mail.ts';
import { SERVERS } from './support/servers.ts';
import { t } from './support/translations.ts';

/**
 * Issue 5's journey: a customer finds a part by a misspelt Polish name typed without diacritics, opens its
 * drawing, picks it there, adds it, changes the amount in the cart and sends it; parts sales get the e-mail;
 * the customer sees the request, requests it again, and sees the status parts sales set.
 */
const server = SERVERS.root;
/** The server's default SALES_EMAIL (apps/server/src/config/env.ts); the e2e servers do not set another. */
const SALES_EMAIL = 'parts@agromech.example';
const DEMO_SALES = 'czesci@agromech.example';
/** "Łożysko rury palcowej" of the demo catalogue, without diacritics and with one wrong letter. */
const MISSPELT = 'lozysko rury palcowaj';

/** Waits for the outbox to write the parts sales notice of this customer's request. */
async function salesMailAbout(email: string): Promise<Mail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = (await mailsTo(server, SALES_EMAIL)).find((m) => m.text.includes(email));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${SALES_EMAIL} about ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const cartButton = (page: Page, count: number) =>
  page.getByRole('button', { name: t('layout:cart.button', 'pl', { count }) }).first();
const cartDialog = (page: Page) => page.getByRole('dialog', { name: t('cart:title') });

test('journey: a part found by a misspelt name goes from the drawing to an offer request that parts sales answer', async ({
  page,
  browser,
  baseURL,
  visit,
  axe,
}, testInfo) => {
  test.slow();
  const found = await page.request.get(`/api/parts?q=${encodeURIComponent(MISSPELT)}`);
  const [part] = (
    (await found.json()) as { items: Array<{ symbol: string; name: { values: { pl: string } } }> }
  ).items;
  expect(part, 'the demo catalogue finds the misspelt name').toBeDefined();
  const name = part!.name.values.pl;

  const customer = newCustomer('oferta', journeySerial(5, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  await visit('/');
  await signIn(page, customer);
  await axe.check();

  // The catalogue search: the misspelt name without diacritics finds the part and the drawing it is on.
  await page.goto('/home/catalog-folders');
  await expect(heading(page)).toHaveText(t('catalog:root.title'));
  await axe.check();
  const search = page.getByRole('combobox', { name: t('catalog:search.label') });
  await search.fill(MISSPELT);
  await search.press('Enter');
  await expect(page).toHaveURL(/\?q=/);
  await expect(page.getByText(part!.symbol).first()).toBeVisible();
  await axe.check();
  // The part's page lists the drawings it is on.
  await page.getByRole('link', { name }).first().click();
  await expect(heading(page)).toHaveText(name);
  await axe.check();
  await page
    .getByRole('link', { name: /\(poz\. \d+\)$/ })
    .first()
    .click();
  // The card opens with the part's position selected in the address (issue 14: `?pos=`).
  await expect(page).toHaveURL(/\/catalog-cards\/\d+\?pos=\d+$/);
  const position = /[?&]pos=(\d+)$/.exec(page.url())![1]!;
  await expect(heading(page)).not.toBeEmpty();
  await axe.check();

  // Picked on the drawing: its circle highlights its row, where it goes into the cart.
  const table = page.getByRole('table', { name: t('catalog:card.parts') });
  const row = table.locator(`tr[data-position="${position}"]`);
  await page.mouse.move(0, 0);
  await page
    .getByRole('button', { name: t('catalog:card.hotspot', 'pl', { position, name }) })
    .first()
    .click();
  await expect(row).toHaveAttribute('data-active', 'true');
  // The amount and the cart button sit in the row itself (issue 14: no popover over the next columns).
  await expect(row.getByRole('textbox', { name: t('catalog:order.amount-of', 'pl', { name }) })).toHaveValue(
    '1',
  );
  await row.getByRole('button', { name: t('catalog:order.add-named', 'pl', { name }) }).click();
  await expect(notice(page, t('cart:added.title'))).toBeVisible();
  await expect(notice(page, t('cart:added.message', 'pl', { name, amount: 1 }))).toBeVisible();

  // The cart: the amount goes up by one and is typed, a note and a photo go with it, then it is sent.
  await cartButton(page, 1).click();
  const cart = cartDialog(page);
  await expect(cart.getByText(name)).toBeVisible();
  await expect(cart.getByRole('button', { name: t('cart:line.decrease', 'pl', { name }) })).toBeDisabled();
  await cart.getByRole('button', { name: t('cart:line.increase', 'pl', { name }) }).click();
  const amount = cart.getByRole('textbox', { name: t('cart:line.amount', 'pl', { name }) });
  await expect(amount).toHaveValue('2');
  await amount.fill('0');
  const amountRefused = t('cart:line.amount-refused', 'pl', {
    max: LIMITS.cartAmountMax.toLocaleString('pl'),
  });
  await expect(cart.getByText(amountRefused)).toBeVisible();
  await amount.fill('4');
  await expect(cart.getByText(amountRefused)).toHaveCount(0);
  const note = `Proszę o termin dostawy (${Date.now()}).`;
  await cart.getByRole('textbox', { name: new RegExp(t('cart:note.label')) }).fill(note);
  await cart
    .locator('input[type="file"]')
    .setInputFiles([{ name: 'zuzyte-lozysko.jpg', mimeType: 'image/jpeg', buffer: JPEG }]);
  await expect(cart.getByText('zuzyte-lozysko.jpg')).toBeVisible();
  await axe.check();
  await cart.getByRole('button', { name: t('cart:send.button') }).click();
  await expect(notice(page, t('cart:send.success-title'))).toBeVisible();
  await expect(cartDialog(page)).toBeHidden();
  await expect(cartButton(page, 0)).toBeVisible();

  // Parts sales' mailbox holds the request with the customer, the line and the file.
  const mail = await salesMailAbout(customer.email);
  expect(mail.subject).toMatch(/^Nowe zapytanie ofertowe OR\/\d{4}\/\d{6}/);
  expect(mail.text).toContain(`${name} — ${part!.symbol} — 4 szt.`);
  expect(mail.text).toContain(note);
  expect(mail.text).toContain('zuzyte-lozysko.jpg');
  const number = /OR\/\d{4}\/\d{6}/.exec(mail.subject)![0];

  // The customer's list and the request; 'request again' puts the part back in the cart.
  await page.goto('/home/offer-requests');
  await expect(heading(page)).toHaveText(t('cart:offers.list.title'));
  const listRow = page.getByRole('row').filter({ hasText: number });
  await expect(listRow.getByText(t('cart:offers.status.sent'))).toBeVisible();
  await axe.check();
  await axe.checkDark();
  await listRow.getByRole('link', { name: number }).click();
  await expect(heading(page)).toHaveText(t('cart:offers.detail.title', 'pl', { number }));
  await expect(page.getByText(note)).toBeVisible();
  await expect(page.getByRole('link', { name: 'zuzyte-lozysko.jpg' })).toBeVisible();
  await axe.check();
  await page.getByRole('button', { name: t('cart:offers.again.button') }).click();
  await expect(notice(page, t('cart:offers.again.added_one', 'pl', { count: 1, names: name }))).toBeVisible();
  await expect(
    cartDialog(page).getByRole('textbox', { name: t('cart:line.amount', 'pl', { name }) }),
  ).toHaveValue('4');
  await axe.check();
  await cartDialog(page)
    .getByRole('button', { name: t('cart:close') })
    .click();
  const detailUrl = page.url();

  // Parts sales take it on; the customer's open page shows the new status without a reload.
  const salesContext = await browser.newContext({ baseURL });
  try {
    const sales = await salesContext.newPage();
    await sales.goto('/');
    await signIn(sales, { email: DEMO_SALES, password: DEMO_PASSWORD });
    await expect(sales).toHaveURL(/\/staff\/offer-requests$/);
    await expect(heading(sales)).toHaveText(t('staff:offers.title'));
    await axe.check(sales);
    await sales.getByRole('link', { name: number }).first().click();
    await expect(heading(sales)).toHaveText(t('cart:offers.detail.title', 'pl', { number }));
    await expect(sales.getByRole('link', { name: customer.email })).toBeVisible();
    await axe.check(sales);
    await axe.checkDark(sales);
    await sales.getByRole('button', { name: t('staff:offers.status.to.in_progress') }).click();
    await expect(
      notice(sales, t('staff:offers.status.success', 'pl', { status: t('cart:offers.status.in_progress') })),
    ).toBeVisible();
    await expect(sales.getByRole('button', { name: t('staff:offers.status.to.quoted') })).toBeVisible();
  } finally {
    await salesContext.close();
  }
  expect(page.url()).toBe(detailUrl);
  await expect(
    page
      .getByRole('region', { name: t('cart:offers.history-title') })
      .getByText(t('cart:offers.status.in_progress')),
  ).toBeVisible();
  await page.goto('/home/offer-requests');
  await expect(
    page.getByRole('row').filter({ hasText: number }).getByText(t('cart:offers.status.in_progress')),
  ).toBeVisible();
  await axe.check();
});
