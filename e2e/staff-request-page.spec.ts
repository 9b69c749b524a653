import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  journeySerial,
  newCustomer,
  registerConfirmedCustomer,
  signIn,
} from './support/accounts.ts';
import { heading } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { customerApi, DEMO_SERVICE } from './support/service-journey.ts';
import { SERVERS } from './support/servers.ts';
import { t } from './support/translations.ts';

/**
 * Issue 18: the service department works from the request page all day. A staff member who follows a customer's
 * address lands on the staff page of the same request; at 1440 × 900 the conversation's composer is on screen
 * without scrolling and the history is one click away; at 360 px nothing scrolls sideways and the conversation
 * is reachable from the top.
 */
const server = SERVERS.root;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 360, height: 780 };

const composer = (page: Page) => page.getByRole('textbox', { name: t('staff:chat.composer-label') });

test('journey: staff land on the staff request page, the conversation beside the details at 1440 × 900', async ({
  page,
  visit,
  axe,
}, testInfo) => {
  test.slow();
  const customer = newCustomer('strona', journeySerial(13, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  const api = await customerApi(server, customer);
  let id: string;
  try {
    const machines = (await (await api.get('/api/end-products/user-owned')).json()) as {
      items: { id: string }[];
    };
    const filed = await api.post('/api/service-requests/new-request', {
      multipart: { machineId: machines.items[0]!.id, problemDescription: 'Przenośnik ziarna stoi.' },
    });
    expect(filed.ok(), await filed.text()).toBe(true);
    id = ((await filed.json()) as { id: string }).id;
  } finally {
    await api.dispose();
  }

  await page.setViewportSize(DESKTOP);
  await visit('/');
  await signIn(page, { email: DEMO_SERVICE, password: DEMO_PASSWORD });
  await axe.check();

  // The customer's address of the request (an old e-mail, a pasted link) leads to the staff page of it.
  await page.goto(`/home/services/edit/${id}`);
  await expect(page).toHaveURL(new RegExp(`/staff/service-requests/${id}$`));
  await expect(heading(page)).toContainText(/SR\/\d{4}\/\d{6}/);
  axe.skip(`/home/services/edit/${id}`, 'redirects to the staff page at once');

  // 1440 × 900: the composer is inside the first screen, with nothing scrolled; the page is about one screen.
  const box = await composer(page).boundingBox();
  expect(box, 'the composer is laid out').not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(DESKTOP.height);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  testInfo.annotations.push({ type: 'page height at 1440 × 900', description: `${height} px` });
  expect(height).toBeLessThan(2 * DESKTOP.height);
  await axe.check();
  await axe.checkDark();

  // The history: one click on its tab; the composer stays where it was.
  await page.getByRole('tab', { name: t('staff:request-page.tabs.history') }).click();
  await expect(
    page.getByRole('region', { name: t('staff:history.title') }).getByText(t('staff:history.created')),
  ).toBeVisible();
  await expect(composer(page)).toBeInViewport();
  // And from the keyboard: the tabs are one stop, the arrows move between them.
  await page.getByRole('tab', { name: t('staff:request-page.tabs.history') }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: t('staff:request-page.tabs.request') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Przenośnik ziarna stoi.')).toBeVisible();

  // 360 px: one column, nothing scrolls sideways, the conversation one tap from the top.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('link', { name: t('staff:request-page.conversation') })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
  await page.getByRole('link', { name: t('staff:request-page.conversation') }).click();
  await expect(composer(page)).toBeInViewport();
  await axe.check();
  await axe.checkDark();
});
