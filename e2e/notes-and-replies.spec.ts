import {
  journeySerial,
  newCustomer,
  registerConfirmedCustomer,
  signIn,
  DEMO_PASSWORD,
} from './support/accounts.ts';
import { heading } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { customerApi, DEMO_SERVICE, fileRequest, pickCannedReply } from './support/service-journey.ts';
import { SERVERS } from './support/servers.ts';
import { t } from './support/translations.ts';

const server = SERVERS.root;

/** The demo's canned reply "Części zamówione", as the seed writes its English text. */
const CANNED_TITLE = 'Części zamówione';
const CANNED_EN =
  'The parts needed have been ordered. We will confirm the repair date as soon as they reach our workshop.';

test('journey: staff insert a canned reply in the customer’s language and write an internal note; the customer reads the reply, never the note', async ({
  page,
  browser,
  baseURL,
  axe,
}, testInfo) => {
  test.slow();
  // An English-speaking customer with a request of their own.
  const customer = newCustomer('notes', journeySerial(11, testInfo));
  await registerConfirmedCustomer(page.request, server, customer, 'en');
  const api = await customerApi(server, customer);
  const code = await fileRequest(api);
  const listed = (await (await api.get('/api/service-requests/user-owned')).json()) as {
    items: { id: string; code: string }[];
  };
  const requestId = listed.items.find((item) => item.code === code)!.id;
  const note = `Klient pyta o rabat na noże (${Date.now()}).`;

  // Staff: the canned replies screen, then the request.
  await page.goto('/');
  await expect(heading(page)).toBeVisible();
  await axe.check();
  await signIn(page, { email: DEMO_SERVICE, password: DEMO_PASSWORD });
  await expect(page).toHaveURL(/\/staff$/);
  await axe.check();
  await page.goto('/staff/canned-replies');
  await expect(heading(page)).toHaveText(t('staff:canned.title'));
  await expect(page.getByRole('cell', { name: CANNED_TITLE, exact: true })).toBeVisible();
  await axe.check();
  await axe.checkDark();

  await page.goto(`/staff/service-requests/${requestId}`);
  await expect(heading(page)).toContainText(code);
  const box = page.getByRole('textbox', { name: t('staff:chat.composer-label') });
  await pickCannedReply(page, 'zamówione', CANNED_TITLE);
  await expect(box).toHaveValue(CANNED_EN);
  await page.getByRole('button', { name: t('services:chat.composer.send'), exact: true }).click();
  const log = page.getByRole('log', { name: t('services:chat.messages-label') });
  await expect(log.getByText(CANNED_EN)).toBeVisible();

  // The note: the switch with the keyboard, then the tinted, labelled note in the conversation.
  await page.getByRole('radio', { name: t('services:chat.composer.mode-reply') }).focus();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('textbox', { name: t('services:chat.composer.note-label') }).fill(note);
  await page.getByRole('button', { name: t('services:chat.composer.save-note') }).click();
  const noteEntry = log.getByRole('listitem').filter({ hasText: note });
  await expect(noteEntry).toBeVisible();
  await expect(noteEntry.getByText(t('services:chat.note.label'))).toBeVisible();
  await axe.check();
  await axe.checkDark();
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(noteEntry).toBeVisible();
  await axe.check();

  // The customer, in another browser: the reply is there, the note is not.
  const customerContext = await browser.newContext({ baseURL });
  try {
    const customerPage = await customerContext.newPage();
    await customerPage.goto('/');
    await signIn(customerPage, customer);
    await customerPage.goto(`/home/services/edit/${requestId}`);
    // Whatever language the screens speak after signing in, the reply reads as sent.
    await expect(customerPage.getByRole('log').getByText(CANNED_EN)).toBeVisible();
    await expect(customerPage.getByText(note)).toHaveCount(0);
    for (const language of ['pl', 'en', 'de'] as const)
      await expect(customerPage.getByText(t('services:chat.note.label', language))).toHaveCount(0);
    await axe.check(customerPage);
  } finally {
    await customerContext.close();
  }
});
