import type { BrowserContext, Page, Request } from '@playwright/test';
import { SESSION } from '../apps/web/src/config/storage-keys.ts';
import {
  DEMO_CUSTOMER,
  DEMO_PASSWORD,
  journeySerial,
  newCustomer,
  registerConfirmedCustomer,
  signIn,
} from './support/accounts.ts';
import { heading, notice, textbox } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { portalLink, waitForMail } from './support/mail.ts';
import { originOf, SERVERS } from './support/servers.ts';
import { t } from './support/translations.ts';

const server = SERVERS.root;
const origin = originOf(server);

/** What the server says about the browser's session cookie: 200 while it is valid, 401 once it has ended. */
const sessionStatus = async (page: Page) => (await page.request.get('/api/user/extended-details')).status();

/**
 * The session ends on the server while the tab still believes it is signed in (as when it expires): the session is
 * ended through the API and the browser gets its old cookie back.
 */
async function endSessionOnServer(
  page: Page,
  context: BrowserContext,
  inFlight: Set<Request>,
): Promise<void> {
  // Whatever the screen was loading has arrived first: a call answered 401 would sign the tab out where it is.
  await expect.poll(() => inFlight.size, { timeout: 30_000 }).toBe(0);
  const cookies = await context.cookies();
  expect((await page.request.post('/auth/logout', { headers: { origin } })).status()).toBe(204);
  await context.addCookies(cookies);
  expect(await sessionStatus(page)).toBe(401);
}

const signOutFromMenu = async (page: Page) => {
  await page.getByRole('button', { name: t('layout:user-menu.open') }).click();
  await page.getByRole('menuitem', { name: t('layout:user-menu.sign-out') }).click();
};

test('a sign-out the server did not confirm says so, and trying again ends the session', async ({
  page,
  visit,
  axe,
}) => {
  test.slow();
  await visit('/');
  await signIn(page, { email: DEMO_CUSTOMER, password: DEMO_PASSWORD });
  await expect(page).toHaveURL('/home/board');
  await axe.check();

  const warning = notice(page, t('auth:sign-out-failed'));
  const retry = warning.getByRole('button', { name: t('auth:sign-out-retry') });
  const expectUnconfirmed = async (failure: string) => {
    await expect(warning, failure).toBeVisible();
    await expect(warning).toContainText(t('auth:sign-out'));
    await expect(notice(page, t('auth:sign-out-successful'))).toHaveCount(0);
    // The browser is signed out either way: nothing of the account stays on screen.
    await expect(page).toHaveURL('/');
    await expect(heading(page)).toHaveText(t('auth:login.title'));
    expect(await sessionStatus(page), 'the session is still valid on the server').toBe(200);
  };

  await page.route('**/auth/logout', (route) => route.abort('connectionreset'));
  await signOutFromMenu(page);
  await expectUnconfirmed('a dropped link');
  await axe.check();
  await page.unrouteAll();

  await page.route('**/auth/logout', (route) => route.fulfill({ status: 500 }));
  const failed = page.waitForResponse('**/auth/logout');
  await retry.click();
  expect((await failed).status()).toBe(500);
  await expectUnconfirmed('a server error');
  await expect(warning).toContainText(t('auth:sign-out-failed-again'));
  await page.unrouteAll();

  await retry.click();
  await expect(notice(page, t('auth:sign-out-successful'))).toBeVisible();
  await expect(warning).toHaveCount(0);
  expect(await sessionStatus(page), 'the retry ended the session').toBe(401);
  await axe.check();
});

test('an already used reset link says so as soon as it opens, before any password is typed', async ({
  page,
  axe,
}, testInfo) => {
  test.slow();
  const customer = newCustomer('link', journeySerial(6, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  const answer = await page.request.post('/auth/password-reset', {
    headers: { origin },
    data: { email: customer.email, captchaResponse: '' },
  });
  expect(answer.status()).toBe(202);
  const link = portalLink(
    await waitForMail(server, customer.email, { linkTo: '/reset-password/' }),
    '/reset-password/',
  );

  // An unused link opens the form.
  await page.goto(link.pathname);
  await expect(heading(page)).toHaveText(t('auth:reset.title'));
  await expect(textbox(page, 'auth:reset.password')).toBeVisible();
  await axe.check();

  // Used (here through the API, as from another tab), the same link no longer offers the form at all.
  const token = decodeURIComponent(link.pathname.split('/').at(-1)!);
  const used = await page.request.post('/auth/password-reset/confirmation', {
    headers: { origin },
    data: { token, password: `${customer.password}-nowe` },
  });
  expect(used.status()).toBe(204);
  await page.goto(link.pathname);
  await expect(heading(page)).toHaveText(t('auth:reset.invalid-title'));
  await expect(textbox(page, 'auth:reset.password')).toHaveCount(0);
  await expect(page.getByRole('link', { name: t('auth:reset.request-new') })).toBeVisible();
  await axe.check();
  await axe.checkDark();
});

test('after the session expires, the menu entry clicked is where signing in again leads, query string included', async ({
  page,
  context,
  visit,
  axe,
}) => {
  test.slow();
  // The tab has not noticed the end yet (e.g. a laptop woken from sleep): its event stream, which would notice
  // and sign the tab out where it is, is cut.
  await page.route('**/api/events', (route) => route.abort());
  const inFlight = new Set<Request>();
  page.on('request', (sent) => inFlight.add(sent));
  page.on('requestfinished', (done) => inFlight.delete(done));
  page.on('requestfailed', (done) => inFlight.delete(done));
  await visit('/');
  await signIn(page, { email: DEMO_CUSTOMER, password: DEMO_PASSWORD });
  await expect(page).toHaveURL('/home/board');
  await axe.check();

  // A header menu entry.
  await endSessionOnServer(page, context, inFlight);
  await page
    .getByRole('navigation')
    .getByRole('link', { name: t('layout:nav.machines') })
    .click();
  await expect(page).toHaveURL('/');
  await expect(heading(page)).toHaveText(t('auth:login.title'));
  expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION.returnLocation)).toBe(
    '/home/machines',
  );
  await axe.check();
  await signIn(page, { email: DEMO_CUSTOMER, password: DEMO_PASSWORD });
  await expect(page).toHaveURL('/home/machines');
  await axe.check();

  // A link with a query string (the board's open service requests).
  await page
    .getByRole('navigation')
    .getByRole('link', { name: t('layout:nav.board') })
    .click();
  await expect(page).toHaveURL('/home/board');
  const openRequests = page.getByRole('link', { name: t('layout:board.services.link') });
  const target = (await openRequests.getAttribute('href'))!;
  expect(target).toContain('?status=');
  await endSessionOnServer(page, context, inFlight);
  await openRequests.click();
  await expect(heading(page)).toHaveText(t('auth:login.title'));
  await signIn(page, { email: DEMO_CUSTOMER, password: DEMO_PASSWORD });
  await expect(page).toHaveURL(target);
  await axe.check();
});

test('successful sign-ins do not use up the account’s sign-in limit; failed ones do', async ({
  page,
  visit,
  axe,
}, testInfo) => {
  test.slow();
  const customer = newCustomer('limit', journeySerial(7, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  const signInThroughApi = async (password: string) =>
    (
      await page.request.post('/auth/login', {
        headers: { origin },
        data: { username: customer.email, password, remember: false },
      })
    ).status();

  // More successful sign-ins than the account's limit (20 an hour), e.g. a shared farm-office PC all day.
  for (let attempt = 1; attempt <= 21; attempt += 1) {
    expect(await signInThroughApi(customer.password), `sign-in ${attempt}`).toBe(200);
  }
  await visit('/');
  await signIn(page, customer);
  await expect(page).toHaveURL('/home/board');
  await axe.check();

  // Guessing still stops at the limit: after 20 failures even the right password waits.
  const failures: number[] = [];
  for (let attempt = 1; attempt <= 20; attempt += 1) failures.push(await signInThroughApi('Zle-haslo-2026'));
  expect(failures).toEqual(Array(20).fill(401));
  expect(await signInThroughApi(customer.password)).toBe(429);
});
