import type { Insight } from '@care/contract/insight';
import { DEFAULT_SERVICE_TIME_TARGETS } from '@care/contract/service-times';
import type { StaffQueuePage } from '@care/contract/staff';
import type { Locator, Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  journeySerial,
  newCustomer,
  registerConfirmedCustomer,
  signIn,
} from './support/accounts.ts';
import { heading, notice } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { originOf, SERVERS } from './support/servers.ts';
import { customerApi, DEMO_SERVICE, fileRequest } from './support/service-journey.ts';
import { t } from './support/translations.ts';

const DEMO_ADMIN = 'admin@agromech.example';

const queueRow = (page: Page, code: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: code, exact: true }) });

/**
 * Issue 18's service times: an admin sets the urgent targets; the service employee's queue shows, for an urgent
 * request filed just now, the working time left to its first reply, and for the demo's old requests how long they
 * are overdue; the queue sorts by due time; the dashboard shows the share of targets met per week.
 */
test('journey: the admin sets the urgent service times, the queue counts them down, the dashboard shows the share met', async ({
  page,
  browser,
  axe,
}, testInfo) => {
  test.slow();
  const server = SERVERS.root;
  const origin = originOf(server);
  const customer = newCustomer('czasy', journeySerial(16, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  const code = await fileRequest(await customerApi(server, customer));

  // The admin: the service times in the admin area, a wrong value refused at its field, then saved.
  await page.setViewportSize({ width: 1280, height: 800 });
  axe.skip('/', 'the sign-in screen on the way (checked by the sign-in journeys)');
  await page.goto('/');
  await signIn(page, { email: DEMO_ADMIN, password: DEMO_PASSWORD });
  axe.skip('/staff/admin', 'a redirect to the admin area’s first section');
  axe.skip(
    '/staff/admin/staff',
    'the admin area’s first section on the way (checked by the staff accounts journey)',
  );
  await page.goto('/staff/admin');
  await page.getByRole('link', { name: t('admin:nav.service-times') }).click();
  await expect(page).toHaveURL(/\/staff\/admin\/service-times$/);
  await expect(heading(page)).toHaveText(t('service-times:title'));
  const urgent = page.getByRole('group', { name: t('staff-desk:priority.urgent') });
  const reply = urgent.getByRole('textbox', { name: t('service-times:first-reply-hours') });
  const completion = urgent.getByRole('textbox', { name: t('service-times:completion-days') });
  await expect(reply).toHaveValue(String(DEFAULT_SERVICE_TIME_TARGETS.urgent.firstReplyHours));
  await axe.check();
  await axe.checkDark();
  await reply.fill('12');
  await page.getByRole('button', { name: t('service-times:save') }).click();
  await expect(page.getByText(t('validation:form.priority-order')).first()).toBeVisible();
  await expect(reply).toBeFocused();
  await axe.check();
  await reply.fill('2');
  await completion.fill('1');
  await page.getByRole('button', { name: t('service-times:save') }).click();
  await expect(notice(page, t('service-times:saved'))).toBeVisible();
  await page.setViewportSize({ width: 360, height: 780 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await axe.check();
  await page.setViewportSize({ width: 1280, height: 800 });

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: origin });
  try {
    const staff = await staffContext.newPage();
    await staff.goto('/');
    await signIn(staff, { email: DEMO_SERVICE, password: DEMO_PASSWORD });
    await expect(staff).toHaveURL(/\/staff$/);
    // The new request made urgent: 2 working hours to the first reply, filed just now.
    const listed = (await (
      await staff.request.get(`/api/staff/service-requests?code=${encodeURIComponent(code)}`)
    ).json()) as StaffQueuePage;
    const triage = await staff.request.put(`/api/staff/service-requests/${listed.items[0]!.id}/triage`, {
      headers: { origin },
      data: { priority: 'urgent', tags: [] },
    });
    expect(triage.status()).toBe(200);
    await staff.reload();
    const row = queueRow(staff, code);
    await expect(row).toContainText('2 godz.');
    await expect(row.getByText(/Pierwsza odpowiedź: zostało 2 godz\. czasu roboczego/)).toBeAttached();

    // Sorted by due time, the longest overdue first: a demo request, its overdue time with a minus and a sign.
    await staff
      .getByRole('columnheader', { name: t('staff-desk:columns.due') })
      .getByRole('button')
      .click();
    await expect(staff).toHaveURL(/sort=dueAt/);
    const first = staff.getByRole('table').getByRole('row').nth(1);
    await expect(first.getByText(/po terminie o/)).toBeAttached();
    await expect(first).toContainText('−');
    await axe.check(staff);
    await axe.checkDark(staff);

    // The dashboard: the share of first replies and completions in time, per week, with its table.
    // The figures the page shows (counted at most once a minute: a request of the test's own could meet a newer count).
    const shown = staff.waitForResponse(
      (response) => response.url().endsWith('/api/staff/insight') && response.ok(),
    );
    await staff.getByRole('link', { name: t('layout:nav.staff-insight') }).click();
    await expect(heading(staff)).toHaveText(t('insight:title'));
    const met = staff.getByRole('region', { name: t('insight:service-times.title') });
    await expect(met.locator('.recharts-surface')).toBeVisible();
    await met.getByText(t('insight:view.table'), { exact: true }).click();
    const insight = (await (await shown).json()) as Insight;
    const latest = insight.serviceTimes.at(-1)!;
    const total = latest.replyMet + latest.replyMissed;
    const latestRow = met
      .getByRole('table')
      .getByRole('row')
      .filter({
        has: staff.getByRole('rowheader', { name: t('insight:week-of', 'pl', { date: latest.week }) }),
      });
    await expect(latestRow).toContainText(total === 0 ? '—' : `${latest.replyMet} z ${total}`);
    await expect(met.getByRole('table').getByRole('row')).toHaveCount(insight.serviceTimes.length + 1);
    await axe.check(staff);
  } finally {
    await staffContext.close();
    // The defaults again, for the other journeys on this server.
    const reset = await page.request.put('/api/admin/service-times', {
      headers: { origin },
      data: DEFAULT_SERVICE_TIME_TARGETS,
    });
    expect(reset.status()).toBe(200);
  }
});
