import type { Insight } from '@care/contract/insight';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support/accounts.ts';
import { heading } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { DEMO_SERVICE } from './support/service-journey.ts';
import { t } from './support/translations.ts';

/**
 * Issue 15's insight journey: a service employee opens the dashboard from the header, sees its charts in light and
 * dark, switches a chart to its table, reads it at 360 px, and follows a figure into the filtered queue.
 */
const section = (page: Page, key: string) => page.getByRole('region', { name: t(key) });
const charts = (page: Page) => page.locator('.recharts-surface');

test('journey: the insight dashboard opens with charts in light and dark, at 360 px, and a figure opens the filtered queue', async ({
  page,
  axe,
}) => {
  test.slow();
  // The first page of a freshly started server on a busy machine may take longer than one expect's 5 s.
  await page.goto('/');
  await expect(heading(page)).toBeVisible({ timeout: 30_000 });
  await axe.check();
  await signIn(page, { email: DEMO_SERVICE, password: DEMO_PASSWORD });
  await expect(page).toHaveURL(/\/staff$/);
  await axe.check();

  await page.getByRole('link', { name: t('layout:nav.staff-insight') }).click();
  await expect(page).toHaveURL(/\/staff\/insight$/);
  await expect(heading(page)).toHaveText(t('insight:title'));
  // Five charts (open by status, the weekly flow, the response times, the service times met, the models) and the
  // offers'.
  await expect(charts(page)).toHaveCount(6);
  await expect(section(page, 'insight:oldest.title').getByRole('table')).toBeVisible();
  await axe.check();
  await axe.checkDark();

  // The demo's figures as the server counts them: the table view shows the same numbers, with links.
  const insight = (await (await page.request.get('/api/staff/insight')).json()) as Insight;
  const pending = insight.openByStatus.find((row) => row.status === 'N')!;
  expect(pending.count).toBeGreaterThan(0);
  const open = section(page, 'insight:open.title');
  await open.getByText(t('insight:view.table'), { exact: true }).click();
  const table = open.getByRole('table', { name: t('insight:open.title') });
  const pendingRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: t('services:status.N') }) });
  await expect(pendingRow.getByRole('link', { name: String(pending.count) })).toBeVisible();
  await axe.check();

  // A phone: nothing wider than the screen, light and dark.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(charts(page)).toHaveCount(5);
  // The charts measure their box after the resize (a ResizeObserver): wait for the page to settle at 360 px.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 15_000 })
    .toBeLessThanOrEqual(360);
  await axe.check();
  await axe.checkDark();

  // A figure's link: the pending requests in the queue, filtered by the address.
  await page.setViewportSize({ width: 1280, height: 800 });
  await pendingRow.getByRole('link', { name: String(pending.count) }).click();
  await expect(page).toHaveURL(/\/staff\?status=N$/);
  // The dashboard's figures may be a minute old (insight-cache.ts) while other journeys file requests on the same
  // server: the queue holds at least as many, and every one of them is pending.
  const requests = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });
  await expect.poll(() => requests.count()).toBeGreaterThanOrEqual(pending.count);
  await expect(requests.filter({ hasNotText: t('services:status.N') })).toHaveCount(0);
  await axe.check();

  // A model's link: the queue narrowed to that model, the filter shown and removable.
  await page.goBack();
  await expect(heading(page)).toHaveText(t('insight:title'));
  const model = insight.models[0]!;
  const models = section(page, 'insight:models.title');
  await models.getByText(t('insight:view.table'), { exact: true }).click();
  // The model's own row: two models may have the same count (the window moves with the date).
  await models
    .getByRole('row')
    .filter({ hasText: model.model })
    .getByRole('link', { name: String(model.count) })
    .click();
  await expect(page).toHaveURL(/\/staff\?model=/);
  const chip = page.getByRole('button', {
    name: t('staff:filters.remove', 'pl', { filter: t('staff:filters.model', 'pl', { model: model.model }) }),
  });
  await expect(chip).toBeVisible();
  await expect.poll(() => requests.count()).toBeGreaterThanOrEqual(model.count);
  // The model is the machine's name, which every row shows.
  await expect(requests.filter({ hasNotText: model.model })).toHaveCount(0);
  await axe.check();
});
