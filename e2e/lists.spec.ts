import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PART_HINTS_LIMIT } from '@care/contract/catalog';
import {
  DEMO_CUSTOMER,
  DEMO_PASSWORD,
  journeySerial,
  newCustomer,
  registerConfirmedCustomer,
  signIn,
} from './support/accounts.ts';
import { describeViolations } from './support/accessibility.ts';
import { heading } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { SERVERS } from './support/servers.ts';
import { t } from './support/translations.ts';

/**
 * Issue 14's list journeys: one search rule for every list, filters from a link that apply to one visit and
 * show plainly, machines without a purchase date last, resize handles big enough to hit, and part search
 * hints that are the first results. Jan's lists are only read here (his saved table settings stay as they
 * are); a journey that saves a filter uses a customer of its own.
 */
const server = SERVERS.root;
const DEMO_SERVICE = 'serwis@agromech.example';

const jan = { email: DEMO_CUSTOMER, password: DEMO_PASSWORD };

async function signedIn(page: Page, visit: (path: string) => Promise<void>, account = jan): Promise<void> {
  await visit('/');
  await signIn(page, account);
}

/** The rows of a list's table (from tablets up; phones get cards), named after the list's title. */
const tableRows = (page: Page, list: 'machines' | 'services') =>
  page
    .getByRole('region', { name: t('layout:table.region', 'pl', { name: t(`${list}:list.title`) }) })
    .getByRole('row');

interface Page1<T> {
  items: T[];
  total: number;
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(path);
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as T;
}

/** The bar that says which filters the list shows, with one button per filter and one to clear them all. */
const activeFilters = (page: Page) =>
  page.getByRole('group', { name: t('layout:table.active-filters.label') });

test('item 4: every list search ignores case and Polish letters and starts at 3 characters', async ({
  page,
  visit,
  axe,
}) => {
  test.slow();
  await signedIn(page, visit);
  await axe.check();

  // Machines: "zni", "ŻNI" and "Żni" all find "AgroMech Żniwiarz 5200".
  type MachineItem = { name: string };
  const spellings = ['zni', 'ŻNI', 'Żni', 'zniwiarz'];
  for (const q of spellings) {
    const found = await getJson<Page1<MachineItem>>(
      page,
      `/api/end-products/user-owned?q=${encodeURIComponent(q)}`,
    );
    expect(
      found.items.map((m) => m.name),
      `machines for "${q}"`,
    ).toContain('AgroMech Żniwiarz 5200');
  }
  // The screen, from a link: "zni" shows the combine.
  await page.goto('/home/machines?q=zni');
  await expect(heading(page)).toHaveText(t('machines:list.title'));
  await expect(tableRows(page, 'machines').filter({ hasText: 'AgroMech Żniwiarz 5200' })).toBeVisible();
  await axe.check();

  // Service requests: a text shorter than 3 characters filters nothing, as the page says.
  const all = await getJson<Page1<unknown>>(page, '/api/service-requests/user-owned?pageSize=100');
  for (const q of ['z', 'zz']) {
    const short = await getJson<Page1<unknown>>(page, `/api/service-requests/user-owned?pageSize=100&q=${q}`);
    expect(short.total, `service requests for "${q}"`).toBe(all.total);
  }
  const short = await getJson<Page1<unknown>>(page, '/api/end-products/user-owned?q=zz');
  const machines = await getJson<Page1<unknown>>(page, '/api/end-products/user-owned');
  expect(short.total, 'machines for "zz"').toBe(machines.total);
  // Parts: the same minimum (no search runs below it) and the same folding.
  expect((await getJson<Page1<unknown>>(page, '/api/parts?q=lo')).total).toBe(0);
  const lozysko = await getJson<Page1<unknown>>(page, '/api/parts?q=LOZYSKO');
  expect(lozysko.total).toBe((await getJson<Page1<unknown>>(page, '/api/parts?q=Łożysko')).total);
  expect(lozysko.total).toBeGreaterThan(0);

  // The service department's queue: machine and customer fragments without Polish letters.
  const staff = await page
    .context()
    .browser()!
    .newContext({ baseURL: `http://localhost:${server.port}` });
  const staffPage = await staff.newPage();
  try {
    await staffPage.goto('/');
    await signIn(staffPage, { email: DEMO_SERVICE, password: DEMO_PASSWORD });
    for (const [filter, q] of [
      ['machine', 'zniwiarz'],
      ['machine', 'ŻNIWIARZ'],
      ['customer', 'KOWALSKI'],
    ] as const) {
      const queue = await getJson<Page1<{ machineName: string }>>(
        staffPage,
        `/api/staff/service-requests?${filter}=${encodeURIComponent(q)}`,
      );
      expect(queue.total, `queue for ${filter}=${q}`).toBeGreaterThan(0);
    }
    const queueAll = await getJson<Page1<unknown>>(staffPage, '/api/staff/service-requests');
    const queueShort = await getJson<Page1<unknown>>(staffPage, '/api/staff/service-requests?machine=zz');
    expect(queueShort.total, 'queue for machine=zz').toBe(queueAll.total);
  } finally {
    await staff.close();
  }
});

test('item 5: a filter from a link applies to that visit only, shows plainly and clears with one click', async ({
  page,
  visit,
  axe,
}, testInfo) => {
  test.slow();
  // Jan's requests: a link to the pending ones (as the board gives) shows only those, with the filter in sight.
  await signedIn(page, visit);
  await axe.check();
  const pending = t('services:status.N');
  await page.goto('/home/services?status=N');
  await expect(heading(page)).toHaveText(t('services:list.title'));
  await expect(activeFilters(page)).toBeVisible();
  await expect(activeFilters(page)).toContainText(pending);
  await expect(tableRows(page, 'services').filter({ hasText: pending }).first()).toBeVisible();
  await expect(tableRows(page, 'services').filter({ hasText: t('services:status.F') })).toHaveCount(0);
  await axe.check();
  await axe.checkDark();

  // The next visit without the link shows every request again: the link's filter was not saved.
  await page.goto('/home/services');
  await expect(heading(page)).toHaveText(t('services:list.title'));
  await expect(
    tableRows(page, 'services')
      .filter({ hasText: t('services:status.F') })
      .first(),
  ).toBeVisible();
  await expect(activeFilters(page)).toHaveCount(0);

  // One click clears the link's filter.
  await page.goto('/home/services?status=N');
  await activeFilters(page)
    .getByRole('button', { name: t('layout:table.active-filters.clear-all') })
    .click();
  await expect(activeFilters(page)).toHaveCount(0);
  await expect(
    tableRows(page, 'services')
      .filter({ hasText: t('services:status.F') })
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/home\/services$/);

  // A customer of its own: a filter the person chose is kept; a link's filter shows over it for one visit.
  await page.context().clearCookies();
  const customer = newCustomer('listy', journeySerial(8, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  await visit('/');
  await signIn(page, customer);
  await page.goto('/home/machines');
  await expect(heading(page)).toHaveText(t('machines:list.title'));
  await axe.check();
  const ownSearch = customer.serialNumber.slice(-4);
  await page.getByRole('button', { name: t('layout:table.filters.button') }).click();
  const search = page.getByRole('searchbox', { name: t('machines:list.search') });
  await search.fill(ownSearch);
  await search.press('Enter');
  await expect(activeFilters(page)).toContainText(ownSearch);
  await expect(tableRows(page, 'machines').filter({ hasText: customer.serialNumber })).toBeVisible();

  await page.goto('/home/machines?q=nie-ma-takiej');
  await expect(activeFilters(page)).toContainText('nie-ma-takiej');
  await expect(
    page
      .getByRole('region', { name: t('layout:table.region', 'pl', { name: t('machines:list.title') }) })
      .getByText(t('machines:list.no-match.title')),
  ).toBeVisible();
  await axe.check();

  await page.goto('/home/machines');
  await expect(activeFilters(page)).toContainText(ownSearch);
  await expect(activeFilters(page)).not.toContainText('nie-ma-takiej');
  await expect(tableRows(page, 'machines').filter({ hasText: customer.serialNumber })).toBeVisible();
  // Clearing is the person's own choice: it is kept.
  await activeFilters(page)
    .getByRole('button', { name: t('layout:table.active-filters.clear-all') })
    .click();
  await expect(activeFilters(page)).toHaveCount(0);
  await expect
    .poll(async () => (await page.reload(), await activeFilters(page).count()), { timeout: 15_000 })
    .toBe(0);
});

test('item 10c: machines without a purchase date come last, whichever the order', async ({
  page,
  visit,
  axe,
}) => {
  await signedIn(page, visit);
  await axe.check();
  type MachineItem = { purchaseDate: string | null };
  for (const order of ['desc', 'asc']) {
    const list = await getJson<Page1<MachineItem>>(
      page,
      `/api/end-products/user-owned?sort=purchaseDate&order=${order}&pageSize=100`,
    );
    const dates = list.items.map((m) => m.purchaseDate);
    expect(
      dates.some((d) => d === null),
      'Jan has a machine without a purchase date',
    ).toBe(true);
    const firstMissing = dates.indexOf(null);
    expect(dates.slice(firstMissing), `${order}: no dated machine after an undated one`).toEqual(
      dates.slice(firstMissing).map(() => null),
    );
    const dated = dates.filter((d): d is string => d !== null);
    const sorted = [...dated].sort();
    expect(dated, `${order}: dated machines in order`).toEqual(order === 'asc' ? sorted : sorted.reverse());
  }
  // The screen's default order (newest purchase first) starts with a dated machine.
  await page.goto('/home/machines');
  await expect(heading(page)).toHaveText(t('machines:list.title'));
  const firstRow = tableRows(page, 'machines').nth(1);
  await expect(firstRow).toBeVisible();
  await expect(firstRow).toContainText(/\d{4}-\d{2}-\d{2}/);
  await axe.check();
});

test('item 12a: the column resize handles of the services table meet WCAG 2.2 target size', async ({
  page,
  visit,
  axe,
}) => {
  test.slow();
  await signedIn(page, visit);
  await axe.check();
  await page.goto('/home/services');
  await expect(heading(page)).toHaveText(t('services:list.title'));
  const handles = page.getByRole('slider', { name: /./ });
  await expect(handles.first()).toBeVisible();
  await axe.check();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .setLegacyMode(true)
      .analyze();
    expect(results.violations, describeViolations(`/home/services (${scheme})`, results.violations)).toEqual(
      [],
    );
  }
  // Each handle offers at least 24 × 24 px to a pointer, and still resizes its column from the keyboard.
  for (const box of await handles.evaluateAll((nodes) =>
    nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect),
  )) {
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
  }
  const first = handles.first();
  const before = Number(await first.getAttribute('aria-valuenow'));
  await first.focus();
  await first.press('ArrowRight');
  await expect(first).toHaveAttribute('aria-valuenow', String(before + 16));
  await first.press('ArrowLeft');
  await expect(first).toHaveAttribute('aria-valuenow', String(before));
});

test('item 14: part search hints highlight the text, are the first results and lead to all of them', async ({
  page,
  visit,
  axe,
}) => {
  const q = 'lozysko';
  const results = await getJson<Page1<{ id: string; symbol: string }>>(
    page,
    `/api/parts?q=${q}&page=1&pageSize=${PART_HINTS_LIMIT}`,
  );
  expect(results.total).toBeGreaterThan(PART_HINTS_LIMIT);
  const hints = await getJson<Array<{ id: string; symbol: string }>>(page, `/api/parts/hints?q=${q}`);
  expect(hints.map((h) => h.id)).toEqual(results.items.map((p) => p.id));

  await visit('/parts-catalog-public/catalog-folders');
  const box = page.getByRole('combobox', { name: t('catalog:search.label') });
  await box.fill(q);
  const options = page.getByRole('listbox').getByRole('option');
  const showAll = t('catalog:search.show-all', 'pl', { count: results.total });
  await expect(options.last()).toHaveText(showAll, { timeout: 15_000 });
  await expect(options).toHaveCount(PART_HINTS_LIMIT + 1);
  for (const [index, part] of results.items.entries())
    await expect(options.nth(index)).toContainText(part.symbol);
  // The typed text is marked in each hint's name, whatever its case and Polish letters.
  const marks = page.getByRole('listbox').locator('mark');
  await expect(marks.first()).toBeVisible();
  for (const text of await marks.allTextContents())
    expect(text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l')).toBe(q);
  await axe.check();
  await options.last().click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${q}`));
  const plural = new Intl.PluralRules('pl').select(results.total);
  await expect(
    page.getByText(t(`catalog:search.found_${plural}`, 'pl', { count: results.total })),
  ).toBeVisible();
  await axe.check();
});
