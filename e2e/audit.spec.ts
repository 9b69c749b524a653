import type { Page, TestInfo } from '@playwright/test';
import {
  DEMO_PASSWORD,
  journeySerial,
  newCustomer,
  registerConfirmedCustomer,
  signIn,
} from './support/accounts.ts';
import { heading, notice } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { customerApi, fileRequest } from './support/service-journey.ts';
import { SERVERS } from './support/servers.ts';
import { t } from './support/translations.ts';

/**
 * Issue 15's audit journey: an admin changes a service request's status in the staff screen, opens the audit
 * log, filters it by kind and finds the change with its before → after; light and dark, desktop and 360 px.
 */
const DEMO_ADMIN = 'admin@agromech.example';
const server = SERVERS.root;
const PHONE = { width: 360, height: 780 };

/**
 * A request of its own to move (a new customer's, filed through the API): changing a demo request would take it
 * from the journeys that count on the demo customer's pending one (lists.spec.ts).
 */
async function ownRequest(page: Page, testInfo: TestInfo): Promise<{ id: string; code: string }> {
  const customer = newCustomer('audyt', journeySerial(10, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  const api = await customerApi(server, customer);
  try {
    const code = await fileRequest(api);
    // The queue has no search by code (an unknown parameter is refused): this customer's requests are this one.
    const queue = await page.request.get(
      `/api/staff/service-requests?customer=${encodeURIComponent(customer.email)}`,
    );
    expect(queue.ok(), await queue.text()).toBe(true);
    const [request] = ((await queue.json()) as { items: { id: string; code: string }[] }).items;
    expect(request?.code).toBe(code);
    return request!;
  } finally {
    await api.dispose();
  }
}

test('journey: an admin changes a status and finds it in the audit log with before → after', async ({
  page,
  visit,
  axe,
}, testInfo) => {
  test.slow();
  await visit('/');
  await signIn(page, { email: DEMO_ADMIN, password: DEMO_PASSWORD });
  await axe.check();

  // The status change in the staff screen: a new request moves to "under consideration".
  const request = { ...(await ownRequest(page, testInfo)), status: 'N', to: 'C' };
  await page.goto(`/staff/service-requests/${request.id}`);
  // The staff screen loads the request, its chat and history: slow on a loaded machine.
  await expect(heading(page)).toContainText(request.code, { timeout: 30_000 });
  await axe.check();
  await page.getByRole('tab', { name: t('staff:request-page.tabs.status') }).click();
  await page
    .getByRole('radiogroup', { name: t('staff:status.new') })
    .getByRole('radio', { name: t(`services:status.${request.to}`) })
    .check();
  await page.getByRole('button', { name: t('staff:status.submit') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('staff:status.confirm.submit') })
    .click();
  await expect(
    notice(page, t('staff:status.success', 'pl', { status: t(`services:status.${request.to}`) })),
  ).toBeVisible();

  // The audit log, filtered by kind: the change is the newest status entry, before → after, by the admin.
  await page.goto('/staff/admin/audit');
  await expect(heading(page)).toHaveText(t('admin:audit.title'), { timeout: 30_000 });
  await axe.check();
  await page.getByRole('combobox', { name: t('admin:audit.filters.kind') }).click();
  await page.getByRole('option', { name: t('admin:audit.kinds.service-request.status') }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/kind=service-request\.status/);
  const table = page.getByRole('table', { name: t('admin:audit.caption') });
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: request.code }) })
    .first();
  await expect(row).toContainText(
    `${t(`services:status.${request.status}`)} → ${t(`services:status.${request.to}`)}`,
    { timeout: 15_000 },
  );
  await expect(row).toContainText(DEMO_ADMIN);
  await expect(table.getByText(t('admin:audit.kinds.auth.sign-in'))).toHaveCount(0, { timeout: 15_000 });
  await axe.check();
  await axe.checkDark();

  // A link with the subject in the address opens that request's history.
  await page.goto(`/staff/admin/audit?subjectType=service-request&subjectId=${request.id}`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await axe.check();

  // 360 px: one card per entry, no sideways scrolling, still readable in both schemes.
  await page.setViewportSize(PHONE);
  const cards = page.getByRole('list', { name: t('admin:audit.caption') });
  await expect(cards.getByRole('link', { name: request.code }).first()).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await axe.check();
  await axe.checkDark();
});
