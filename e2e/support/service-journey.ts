import { request as playwrightRequest, expect, type APIRequestContext, type Page } from '@playwright/test';
import { JPEG, PDF, png } from '../../apps/server/src/test/files.ts';
import { type Customer, DEMO_CUSTOMER, DEMO_PASSWORD, signIn } from './accounts.ts';
import { heading, notice, textbox } from './controls.ts';
import type { Axe } from './fixtures.ts';
import { originOf, type Server } from './servers.ts';
import { t } from './translations.ts';

export const DEMO_SERVICE = 'serwis@agromech.example';

/**
 * Staff insert a canned reply with the keyboard: open the picker, type, wait for the reply's option (the list loads
 * while they type), arrow down to it and press Enter.
 */
export async function pickCannedReply(page: Page, typed: string, title: string): Promise<void> {
  await page.getByRole('button', { name: t('staff:canned.picker.label') }).click();
  await expect(page.getByRole('textbox', { name: t('staff:canned.picker.placeholder') })).toBeFocused();
  await page.keyboard.type(typed);
  const option = page
    .getByRole('listbox', { name: t('staff:canned.picker.label') })
    .getByRole('option')
    .filter({ hasText: title });
  await expect(option).toBeVisible();
  await page.keyboard.press('ArrowDown');
  // Mantine marks the option the arrows reached (the search field keeps the focus).
  await expect(option).toHaveAttribute('data-combobox-selected', 'true');
  await page.keyboard.press('Enter');
}

/** The customer's own API session (another device): files a request, deactivates, signs in again. */
export async function customerApi(server: Server, customer: Customer): Promise<APIRequestContext> {
  const origin = originOf(server);
  const api = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  const login = await api.post('/auth/login', {
    data: { username: customer.email, password: customer.password, remember: false },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return api;
}

/** Files a service request through the API as the new-request form would; answers its code. */
export async function fileRequest(api: APIRequestContext): Promise<string> {
  const machines = (await (await api.get('/api/end-products/user-owned')).json()) as {
    items: { id: string }[];
  };
  const elements = (await (await api.get('/api/service-requests/elements')).json()) as {
    transportTypes: { code: string }[];
    deliveryPlaces: { code: string }[];
  };
  const filed = await api.post('/api/service-requests/new-request', {
    multipart: {
      machineId: machines.items[0]!.id,
      problemDescription: 'Sieczkarnia nie rozdrabnia słomy, noże wydają się tępe.',
      transportType: elements.transportTypes[0]!.code,
      deliveryPlace: elements.deliveryPlaces[0]!.code,
    },
  });
  expect(filed.ok(), await filed.text()).toBe(true);
  return ((await filed.json()) as { code: string }).code;
}

const statusBadge = (page: Page) => page.getByRole('status', { name: t('services:details.status-label') });
const chatLog = (page: Page) => page.getByRole('log', { name: t('services:chat.messages-label') });

/**
 * Issue 4's journey: the customer files a request with two photos; the service department sees it, changes its
 * status and replies with a file; the customer's open page shows both without a reload and downloads the file.
 * `customer` and `staff` may be pages of two different server instances.
 */
export async function fileRequestAndAnswerIt(customer: Page, staff: Page, axe: Axe): Promise<void> {
  const description = `Hydraulika podnośnika traci ciśnienie po 10 minutach pracy (${Date.now()}).`;

  // The customer files the request.
  await customer.goto('/');
  await expect(heading(customer)).toBeVisible();
  await axe.check(customer);
  await signIn(customer, { email: DEMO_CUSTOMER, password: DEMO_PASSWORD });
  await axe.check(customer);
  for (const [path, title] of [
    ['/home/machines', 'machines:list.title'],
    ['/home/services', 'services:list.title'],
  ] as const) {
    await customer.goto(path);
    await expect(heading(customer)).toHaveText(t(title));
    await expect(customer.getByRole('table').first()).toBeVisible();
    await axe.check(customer);
  }
  await customer.goto('/home/services/new');
  await expect(heading(customer)).toHaveText(t('services:new.title'));
  await customer.getByRole('combobox', { name: t('services:fields.machine') }).click();
  await customer.getByRole('option').first().click();
  await textbox(customer, 'services:fields.problem-description').fill(description);
  await customer.getByLabel(t('services:uploads.input-label')).setInputFiles([
    { name: 'podnośnik-wyciek.jpg', mimeType: 'image/jpeg', buffer: JPEG },
    { name: 'tabliczka znamionowa.png', mimeType: 'image/png', buffer: png([20, 120, 40]) },
  ]);
  await expect(customer.getByText('podnośnik-wyciek.jpg')).toBeVisible();
  await axe.check(customer);
  await customer.getByRole('button', { name: t('services:new.submit') }).click();
  await expect(notice(customer, t('services:new.success'))).toBeVisible();
  await expect(customer).toHaveURL(/\/home\/services\/edit\/\d+$/);
  await expect(heading(customer)).toContainText(/SR\/\d{4}\/\d{6}/);
  const title = await heading(customer).textContent();
  const code = /SR\/\d{4}\/\d{6}/.exec(title ?? '')?.[0];
  expect(code, `a readable request code in "${title}"`).toBeTruthy();
  await expect(statusBadge(customer)).toHaveText(t('services:status.N'));
  const attachments = customer.getByRole('table', { name: t('services:attachments.title') });
  await expect(attachments.getByRole('link', { name: 'podnośnik-wyciek.jpg' })).toBeVisible();
  await expect(attachments.getByRole('link', { name: 'tabliczka znamionowa.png' })).toBeVisible();
  await axe.check(customer);
  // While pending it can be withdrawn, behind a confirmation whose red button reads well in both schemes; kept.
  await customer.getByRole('button', { name: t('services:withdraw.button') }).click();
  const withdraw = customer.getByRole('dialog', {
    name: t('services:withdraw.title', 'pl', { code: code! }),
  });
  await expect(withdraw.getByRole('button', { name: t('services:withdraw.confirm') })).toBeVisible();
  await axe.check(customer);
  await axe.checkDark(customer);
  await withdraw.getByRole('button', { name: t('services:withdraw.keep') }).click();
  await expect(withdraw).toBeHidden();

  // The service department finds it in the queue and opens it.
  await staff.goto('/');
  await signIn(staff, { email: DEMO_SERVICE, password: DEMO_PASSWORD });
  await expect(staff).toHaveURL(/\/staff$/);
  await expect(staff.getByRole('link', { name: code! })).toBeVisible();
  await axe.check(staff);
  await staff.getByRole('link', { name: code! }).click();
  await expect(heading(staff)).toContainText(code!);
  await expect(staff.getByText(description)).toBeVisible();
  await axe.check(staff);

  // A status change along the transitions (its tab), then a reply with a file.
  await staff.getByRole('tab', { name: t('staff:request-page.tabs.status') }).click();
  await staff
    .getByRole('radiogroup', { name: t('staff:status.new') })
    .getByRole('radio', { name: t('services:status.C') })
    .check();
  await staff.getByRole('button', { name: t('staff:status.submit') }).click();
  await staff
    .getByRole('dialog')
    .getByRole('button', { name: t('staff:status.confirm.submit') })
    .click();
  await expect(
    notice(staff, t('staff:status.success', 'pl', { status: t('services:status.C') })),
  ).toBeVisible();

  const reply = 'Dzień dobry, prosimy o dostarczenie maszyny do serwisu. W załączniku protokół przyjęcia.';
  await staff.getByRole('textbox', { name: t('staff:chat.composer-label') }).fill(reply);
  await staff.getByLabel(t('services:chat.composer.attach-input')).setInputFiles({
    name: 'protokół przyjęcia.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await staff.getByRole('button', { name: t('services:chat.composer.send'), exact: true }).click();
  await expect(chatLog(staff).getByText(reply)).toBeVisible();
  await axe.check(staff);

  // The customer's open page shows the new status and the reply without a reload, and the file downloads.
  await expect(statusBadge(customer)).toHaveText(t('services:status.C'), { timeout: 15_000 });
  await expect(chatLog(customer).getByText(reply)).toBeVisible({ timeout: 15_000 });
  const download = customer.waitForEvent('download');
  await chatLog(customer)
    .getByRole('link', { name: /protokół przyjęcia\.pdf/ })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('protokół przyjęcia.pdf');
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  expect(Buffer.compare(await readFile(path), PDF)).toBe(0);
  await axe.check(customer);
}
