import {
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import nodemailer from 'nodemailer';
import {
  DEMO_PASSWORD,
  journeySerial,
  newCustomer,
  registerConfirmedCustomer,
  signIn,
} from './support/accounts.ts';
import { heading } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { portalLink, waitForMail } from './support/mail.ts';
import { INBOUND_SMTP, originOf, SERVERS } from './support/servers.ts';
import { customerApi, DEMO_SERVICE, fileRequest, pickCannedReply } from './support/service-journey.ts';
import { t } from './support/translations.ts';

const server = SERVERS.root;
const DEMO_ADMIN = 'admin@agromech.example';
const DESKTOP = { width: 1440, height: 900 };

/** The demo's canned reply "Części zamówione" in Polish, the customer's language. */
const CANNED_PL =
  'Potrzebne części zostały zamówione. Potwierdzimy termin naprawy, gdy tylko dotrą do serwisu.';

/** The queue's row of one request (its code is the row's link). */
const queueRow = (page: Page, code: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: code, exact: true }) });

const chatLog = (page: Page) => page.getByRole('log', { name: t('services:chat.messages-label') });

/** The queue's "waiting since" label and the handling panel's sentence, without their times. */
const waitingLabel = new RegExp(t('staff-desk:waiting.since', 'pl', { time: 'X' }).split('X')[0]!);
const waitingSince = new RegExp(t('staff-desk:panel.waiting-since', 'pl', { date: 'X' }).split('X')[0]!);

/** The header badge of the queue: the number of requests waiting for the team (0 when there is none). */
async function waitingBadge(page: Page): Promise<number> {
  const link = page
    .getByRole('navigation', { name: t('layout:nav.label') })
    .first()
    .getByRole('link')
    .first();
  const text = (await link.textContent()) ?? '';
  return Number(/\((\d+)/.exec(text)?.[1] ?? 0);
}

/**
 * A second service employee, made as an admin makes one (issue 15's journey does it on screen): the admin creates
 * the account, the e-mailed link sets its password.
 */
async function newServiceEmployee(): Promise<{ email: string; password: string; name: string }> {
  const origin = originOf(server);
  const suffix = Date.now().toString(36);
  const employee = {
    email: `serwisantka-${suffix}@agromech.example`,
    password: `Przyczepa-${suffix}-2026`,
    name: 'Ewa Serwisantka',
  };
  const admin: APIRequestContext = await playwrightRequest.newContext({
    baseURL: origin,
    extraHTTPHeaders: { origin },
  });
  try {
    const login = await admin.post('/auth/login', {
      data: { username: DEMO_ADMIN, password: DEMO_PASSWORD, remember: false },
    });
    expect(login.ok(), await login.text()).toBe(true);
    const created = await admin.post('/api/admin/staff-accounts', {
      data: {
        email: employee.email,
        firstName: 'Ewa',
        lastName: 'Serwisantka',
        role: 'service',
        language: 'pl',
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
  } finally {
    await admin.dispose();
  }
  const link = portalLink(
    await waitForMail(server, employee.email, { linkTo: '/set-password/' }),
    '/set-password/',
  );
  const anonymous = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  try {
    const set = await anonymous.post('/auth/set-password', {
      data: { token: decodeURIComponent(link.pathname.split('/').pop()!), password: employee.password },
    });
    expect(set.ok(), await set.text()).toBe(true);
  } finally {
    await anonymous.dispose();
  }
  return employee;
}

/**
 * Issue 18, the desk's round trip: two service employees and a customer side by side. Ewa takes the request and
 * Piotr's queue shows it taken without a reload; the customer writes and the "waiting for us" badge rises for both;
 * Ewa answers with a canned reply; the customer's mailbox holds the reply, the customer answers it from a mail
 * program (quoted history below the answer), and the answer appears in Ewa's conversation, live, without the quote.
 */
test('journey: two staff members and a customer work a request, round trip through the customer’s mailbox', async ({
  page,
  browser,
  baseURL,
  axe,
}, testInfo) => {
  test.setTimeout(180_000);
  const customer = newCustomer('biurko-poczta', journeySerial(18, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  const api = await customerApi(server, customer);
  const code = await fileRequest(api);
  await api.dispose();
  const ewa = await newServiceEmployee();

  // Staff A (Ewa, the new employee) and staff B (Piotr, the demo's service employee), each in a browser of their own.
  await page.setViewportSize(DESKTOP);
  axe.skip('/', 'the sign-in screen on the way to the queue (checked by the sign-in journeys)');
  await page.goto('/');
  await signIn(page, ewa);
  await expect(page).toHaveURL(/\/staff$/);
  await expect(queueRow(page, code)).toBeVisible();
  await axe.check();

  const piotrContext = await browser.newContext({ viewport: DESKTOP, baseURL });
  const customerContext = await browser.newContext({ viewport: DESKTOP, baseURL });
  try {
    const piotr = await piotrContext.newPage();
    await piotr.goto('/');
    await signIn(piotr, { email: DEMO_SERVICE, password: DEMO_PASSWORD });
    await expect(piotr).toHaveURL(/\/staff$/);
    await expect(queueRow(piotr, code)).toContainText(t('staff-desk:unassigned'));

    // Ewa takes the request; Piotr's queue shows it hers, without a reload.
    await queueRow(page, code).getByRole('link', { name: code }).click();
    await expect(heading(page)).toContainText(code);
    const requestPath = new URL(page.url()).pathname;
    const requestId = /service-requests\/(\d+)/.exec(requestPath)![1]!;
    const handling = page.getByRole('region', { name: t('staff-desk:panel.title') });
    await handling.getByRole('button', { name: t('staff-desk:panel.take') }).click();
    await expect(handling.getByTestId('assignee')).toHaveText(
      t('staff-desk:panel.you', 'pl', { name: ewa.name }),
    );
    await axe.check();
    await expect(queueRow(piotr, code)).toContainText(ewa.name, { timeout: 15_000 });
    await expect(queueRow(piotr, code)).not.toContainText(t('staff-desk:unassigned'));

    // The customer writes in the portal: the request waits for the team, and both staff badges rise, live.
    const before = { ewa: await waitingBadge(page), piotr: await waitingBadge(piotr) };
    const client = await customerContext.newPage();
    await client.goto('/');
    await signIn(client, customer);
    await client.goto(`/home/services/edit/${requestId}`);
    await expect(heading(client)).toContainText(code);
    const question = `Kiedy będą części do sieczkarni? (${code})`;
    await client.getByRole('textbox', { name: t('services:chat.composer.label') }).fill(question);
    await client.getByRole('button', { name: t('services:chat.composer.send'), exact: true }).click();
    await expect(chatLog(client).getByText(question)).toBeVisible();
    await axe.check(client);
    // Other journeys on the same server move the team's count too: it rises, and this request is the one waiting.
    await expect.poll(() => waitingBadge(page), { timeout: 15_000 }).toBeGreaterThan(before.ewa);
    await expect.poll(() => waitingBadge(piotr), { timeout: 15_000 }).toBeGreaterThan(before.piotr);
    await expect(queueRow(piotr, code).getByText(waitingLabel)).toBeAttached({ timeout: 15_000 });
    await expect(handling.getByText(waitingSince)).toBeVisible({ timeout: 15_000 });
    await expect(chatLog(page).getByText(question)).toBeVisible({ timeout: 15_000 });
    // The customer leaves the request's page: a reply they do not read in the portal is e-mailed to them.
    await client.goto('/home/services');
    await expect(heading(client)).toHaveText(t('services:list.title'));

    // Ewa answers with a canned reply, picked with the keyboard; the request waits no more, for either of them.
    const box = page.getByRole('textbox', { name: t('staff:chat.composer-label') });
    await pickCannedReply(page, 'zamówione', 'Części zamówione');
    await expect(box).toHaveValue(CANNED_PL);
    await page.getByRole('button', { name: t('services:chat.composer.send'), exact: true }).click();
    await expect(chatLog(page).getByText(CANNED_PL)).toBeVisible();
    await expect(page.getByText(t('staff-desk:panel.not-waiting'))).toBeVisible({ timeout: 15_000 });
    await expect(queueRow(piotr, code).getByText(waitingLabel)).not.toBeAttached({ timeout: 15_000 });

    // The customer's mailbox: one e-mail with the reply, a link to the request and a reply address of its own.
    const mail = await waitForMail(server, customer.email, {
      linkTo: `/home/services/edit/${requestId}`,
      timeout: 60_000,
    });
    expect(mail.subject).toContain(code);
    expect(mail.text).toContain(CANNED_PL);
    expect(mail.replyTo).toMatch(/^reply\+[0-9a-z-]+@care\.agromech\.example$/);

    // The customer answers from their mail program, the history quoted below the answer, as Thunderbird writes it.
    const answer = `Dziękuję, czekam na termin. Maszyna stoi w Środzie (${code}).`;
    const quoteHeader = `W dniu 27.11.2026 o 18:40, AgroMech Care <no-reply@agromech.example> pisze:`;
    const smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: INBOUND_SMTP.port,
      secure: false,
      ignoreTLS: true,
    });
    try {
      await smtp.sendMail({
        from: `${customer.firstName} ${customer.lastName} <${customer.email}>`,
        to: mail.replyTo,
        subject: `Re: ${mail.subject}`,
        text: `${answer}\n\n${quoteHeader}\n> ${CANNED_PL}\n>\n> ${t('services:chat.title')}\n`,
      });
    } finally {
      smtp.close();
    }

    // Ewa's open conversation shows the answer, live and without the quoted history; it waits for the team again.
    const log = chatLog(page);
    await expect(log.getByText(answer)).toBeVisible({ timeout: 15_000 });
    await expect(log.getByText(quoteHeader)).toHaveCount(0);
    await expect(log.getByText(CANNED_PL)).toHaveCount(1);
    await expect(handling.getByText(waitingSince)).toBeVisible({ timeout: 15_000 });
    await expect(queueRow(piotr, code).getByText(waitingLabel)).toBeAttached({ timeout: 15_000 });
    await axe.check();
    await axe.checkDark();
  } finally {
    await customerContext.close();
    await piotrContext.close();
  }
});
