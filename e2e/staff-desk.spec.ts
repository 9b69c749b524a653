import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  journeySerial,
  newCustomer,
  registerConfirmedCustomer,
  signIn,
} from './support/accounts.ts';
import { heading } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { SERVERS } from './support/servers.ts';
import { customerApi, DEMO_SERVICE, fileRequest } from './support/service-journey.ts';
import { t } from './support/translations.ts';

const DEMO_ADMIN = 'admin@agromech.example';
const DESKTOP = { width: 1440, height: 900 };

/** The queue's row of one request (its code is the row's link). */
const queueRow = (page: Page, code: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: code, exact: true }) });

/**
 * How far the queue's table frame scrolls sideways (0: it fits), and the header or body cells whose content spills
 * out of their column (a badge or a header label wider than the column's width).
 */
async function queueFit(page: Page) {
  const frame = page.getByRole('region', {
    name: t('layout:table.region', 'pl', { name: t('staff:queue.caption') }),
  });
  return frame.evaluate((element) => ({
    sideways: element.scrollWidth - element.clientWidth,
    spilling: [...element.querySelectorAll('th, td')]
      .filter(
        (cell) => (cell as HTMLElement).offsetParent !== null && cell.scrollWidth > cell.clientWidth + 1,
      )
      .map((cell) => cell.textContent),
  }));
}

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
 * Issue 18: two service staff members side by side. One takes a request and the other sees it taken without a
 * reload; the customer writes and the "waiting for us" badge rises for both; a staff reply clears the request's
 * wait for both. The queue shows at least 15 requests on a 1440 × 900 screen, and passes axe in both schemes.
 */
test('two staff members share the desk: taking is live, the customer’s message waits for both until a reply', async ({
  page,
  browser,
  axe,
}, testInfo) => {
  test.slow();
  const server = SERVERS.root;
  const customer = newCustomer('biurko', journeySerial(12, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  const api = await customerApi(server, customer);
  let code = '';
  // Enough requests for a full screen of the queue.
  for (let i = 0; i < 16; i += 1) code = await fileRequest(api);

  await page.setViewportSize(DESKTOP);
  axe.skip('/', 'the sign-in screen on the way to the queue (checked by the sign-in journeys)');
  await page.goto('/');
  await signIn(page, { email: DEMO_SERVICE, password: DEMO_PASSWORD });
  await expect(page).toHaveURL(/\/staff$/);
  await expect(queueRow(page, code)).toBeVisible();

  // Density: with the table's head just below the app's header, at least 15 rows are whole on the screen.
  const whole = await page.evaluate(() => {
    const head = document.querySelector('main table thead')!;
    window.scrollTo(0, head.getBoundingClientRect().top + window.scrollY - 60);
    return [...document.querySelectorAll('main table tbody tr')].filter(
      (row) => row.getBoundingClientRect().bottom <= window.innerHeight,
    ).length;
  });
  expect(whole).toBeGreaterThanOrEqual(15);
  // Every column fits the frame on the staff's desktops: nothing scrolls sideways, no cell spills over.
  expect(await queueFit(page)).toEqual({ sideways: 0, spilling: [] });
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await queueFit(page)).toEqual({ sideways: 0, spilling: [] });
  await page.setViewportSize(DESKTOP);
  await axe.check(page);
  await axe.checkDark(page);

  const adminContext = await browser.newContext({ viewport: DESKTOP, baseURL: new URL(page.url()).origin });
  try {
    const admin = await adminContext.newPage();
    await admin.goto('/');
    await signIn(admin, { email: DEMO_ADMIN, password: DEMO_PASSWORD });
    await admin.goto('/staff');
    await expect(queueRow(admin, code)).toBeVisible();
    await expect(queueRow(admin, code)).toContainText(t('staff-desk:unassigned'));

    // The service employee takes the request; the admin's queue shows it taken, live.
    await queueRow(page, code).getByRole('link', { name: code }).click();
    await expect(heading(page)).toContainText(code);
    const handling = page.getByRole('region', { name: t('staff-desk:panel.title') });
    await handling.getByRole('button', { name: t('staff-desk:panel.take') }).click();
    await expect(handling.getByTestId('assignee')).toHaveText(
      t('staff-desk:panel.you', 'pl', { name: 'Piotr Nowak' }),
    );
    await axe.check(page);
    await expect(queueRow(admin, code)).toContainText('Piotr Nowak', { timeout: 15_000 });
    const views = admin.getByRole('radiogroup', { name: t('staff-desk:views.label') });
    await views.getByText(t('staff-desk:views.unassigned'), { exact: true }).click();
    await expect(admin).toHaveURL(/view=unassigned/);
    await expect(queueRow(admin, code)).toBeHidden();
    await views.getByText(t('staff-desk:views.all'), { exact: true }).click();
    await expect(queueRow(admin, code)).toBeVisible();

    // The customer writes: the request waits for the team, and both badges rise.
    const before = { service: await waitingBadge(page), admin: await waitingBadge(admin) };
    const id = /service-requests\/(\d+)/.exec(page.url())![1]!;
    const written = await api.post('/api/chat/comment', {
      data: { serviceRequestId: id, body: 'Czy serwis może przyjechać jutro?', clientId: randomUUID() },
    });
    expect(written.ok(), await written.text()).toBe(true);
    await expect.poll(() => waitingBadge(admin), { timeout: 15_000 }).toBeGreaterThan(before.admin);
    await expect.poll(() => waitingBadge(page), { timeout: 15_000 }).toBeGreaterThan(before.service);
    const waitingLabel = new RegExp(t('staff-desk:waiting.since', 'pl', { time: 'X' }).split('X')[0]!);
    await expect(queueRow(admin, code).getByText(waitingLabel)).toBeAttached();
    await expect(page.getByText(t('staff-desk:panel.no-answer'))).toBeVisible();

    // The service employee answers: the request waits no more, for either of them.
    await page.getByRole('textbox', { name: t('staff:chat.composer-label') }).fill('Tak, będziemy o 9:00.');
    await page.getByRole('button', { name: t('services:chat.composer.send'), exact: true }).click();
    await expect(page.getByText(t('staff-desk:panel.not-waiting'))).toBeVisible({ timeout: 15_000 });
    await expect(queueRow(admin, code).getByText(waitingLabel)).not.toBeAttached({ timeout: 15_000 });
    await axe.check(admin);
    await axe.checkDark(admin);
  } finally {
    await adminContext.close();
  }
});

test('the queue and the canned replies at 360 px: cards, without sideways scrolling', async ({
  page,
  axe,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  axe.skip('/', 'the sign-in screen on the way to the queue (checked by the sign-in journeys)');
  await page.goto('/');
  await signIn(page, { email: DEMO_SERVICE, password: DEMO_PASSWORD });
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('radio', { name: t('staff-desk:views.mine') })).toBeAttached();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await axe.check(page);
  await axe.checkDark(page);
  // The canned replies: one card per reply (the demo's), titles whole; nothing scrolls sideways, not even a frame.
  await page.goto('/staff/canned-replies');
  await expect(
    page.getByRole('list', { name: t('staff:canned.title') }).getByText('Części zamówione', { exact: true }),
  ).toBeVisible();
  const sideways = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
      .map((element) => element.outerHTML.slice(0, 80)),
  );
  expect(sideways).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await axe.check(page);
  await axe.checkDark(page);
});
