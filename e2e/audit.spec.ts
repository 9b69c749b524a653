import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support/accounts.ts';
import { heading, notice } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { t } from './support/translations.ts';

/**
 * Issue 15's audit journey: an admin changes a service request's status in the staff screen, opens the audit
 * log, filters it by kind and finds the change with its before → after; light and dark, desktop and 360 px.
 */
const DEMO_ADMIN = 'admin@agromech.example';
const PHONE = { width: 360, height: 780 };

interface Candidate {
  id: string;
  code: string;
  status: string;
}

/** A demo request that can still move (new or under consideration), and the first status it may move to. */
async function movableRequest(page: Page): Promise<Candidate & { to: string }> {
  const queue = await page.request.get('/api/staff/service-requests?status=N,C&pageSize=5');
  expect(queue.ok(), await queue.text()).toBe(true);
  const [request] = ((await queue.json()) as { items: Candidate[] }).items;
  expect(request, 'the demo data has a new or considered request').toBeDefined();
  const details = await page.request.get(`/api/staff/service-requests/${request!.id}`);
  const { allowedTransitions } = (await details.json()) as { allowedTransitions: string[] };
  return { ...request!, to: allowedTransitions[0]! };
}

test('journey: an admin changes a status and finds it in the audit log with before → after', async ({
  page,
  visit,
  axe,
}) => {
  test.slow();
  await visit('/');
  await signIn(page, { email: DEMO_ADMIN, password: DEMO_PASSWORD });
  await axe.check();

  // The status change in the staff screen.
  const request = await movableRequest(page);
  await page.goto(`/staff/service-requests/${request.id}`);
  // The staff screen loads the request, its chat and history: slow on a loaded machine.
  await expect(heading(page)).toContainText(request.code, { timeout: 30_000 });
  await axe.check();
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
