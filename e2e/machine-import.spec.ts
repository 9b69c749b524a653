import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD, newCustomer, signIn } from './support/accounts.ts';
import { heading, notice, textbox } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { portalLink, waitForMail } from './support/mail.ts';
import { SERVERS } from './support/servers.ts';
import { t } from './support/translations.ts';

const server = SERVERS.root;
const ADMIN = { email: 'admin@agromech.example', password: DEMO_PASSWORD };
const HEADER = 'numer_seryjny;nazwa_modelu;data_zakupu;koniec_gwarancji;status;dealer;email_wlasciciela';

// Both journeys read the admin's import history, newest first: one after the other.
test.describe.configure({ mode: 'serial' });

test('an admin imports machines from the ERP: a bad row refuses the file, the fixed file imports, and a new owner registers with one of its serial numbers', async ({
  page,
  browser,
  baseURL,
  visit,
  axe,
}) => {
  // Two imports, a registration with its e-mail and a sign-in: longer than test.slow()'s budget on a busy machine.
  test.setTimeout(300_000);
  // Serial numbers of this run only: the journey imports its own.
  const run = randomBytes(3).toString('hex').toUpperCase();
  const serials = [1, 2, 3].map((n) => `ERP-${run}-${n}`);
  const csv = (status: string) =>
    Buffer.from(
      `\uFEFF${HEADER}\r\n` +
        `${serials[0]};Kombajn AM-500;2026-03-14;14.03.2028;I;Agro-Serwis Kutno;\r\n` +
        `${serials[1]};Prasa P-220;14.03.2026;2028-03-14;${status};;\r\n` +
        `${serials[2]};Siewnik S-3;;;W;;\r\n`,
    );

  await visit('/');
  await signIn(page, ADMIN);
  axe.skip(
    /^\/staff(\/(service-requests|offer-requests))?\/?$/,
    'the staff landing after sign-in; checked by its own journeys',
  );
  await visit('/staff/admin/machines');
  await expect(heading(page)).toHaveText(t('machine-import:title'));

  // One bad row (an unknown status code): nothing imported, the row named by its line.
  // Mantine's FileInput is a button labelled by the field; the file goes to its hidden input.
  const file = page.locator('input[type="file"]');
  await file.setInputFiles({ name: 'erp-maszyny.csv', mimeType: 'text/csv', buffer: csv('Q') });
  await page.getByRole('button', { name: t('machine-import:import'), exact: true }).click();
  await expect(
    page.getByRole('heading', { name: t('machine-import:result.refused_one', 'pl', { count: 1 }) }),
  ).toBeVisible({ timeout: 30_000 });
  const problems = page.getByRole('table', {
    name: t('machine-import:problems.caption_one', 'pl', { count: 1 }),
  });
  const row = problems.getByRole('row').nth(1);
  await expect(row).toContainText(t('machine-import:problems.line-number', 'pl', { line: 3 }));
  await expect(row).toContainText(t('machine-import:problem.unknown-status'));
  await axe.check();
  await axe.checkDark();

  // The fixed file imports: three new machines; the history lists both runs.
  await file.setInputFiles({ name: 'erp-maszyny.csv', mimeType: 'text/csv', buffer: csv('W') });
  await page.getByRole('button', { name: t('machine-import:import'), exact: true }).click();
  await expect(page.getByRole('heading', { name: t('machine-import:result.imported') })).toBeVisible({
    timeout: 30_000,
  });
  const summary = page.getByRole('table', { name: t('machine-import:summary.caption') });
  await expect(summary.getByRole('row', { name: t('machine-import:summary.created') })).toContainText('3');
  const history = page.getByRole('table', { name: t('machine-import:history.caption') });
  await expect(history.getByRole('row').nth(1)).toContainText(t('machine-import:history.status.imported'));
  await expect(history.getByRole('row').nth(2)).toContainText(t('machine-import:history.status.invalid'));
  await axe.check();
  await axe.checkDark();
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('heading', { name: t('machine-import:result.imported') })).toBeVisible();
  await axe.check();
  await axe.checkDark();

  // A new owner registers with one of the new serial numbers, confirms by e-mail and sees the machine.
  const customer = newCustomer('erp', serials[1]!.toLowerCase());
  const context = await browser.newContext({ baseURL });
  try {
    const owner = await context.newPage();
    await owner.goto('/register');
    await textbox(owner, 'auth:register.first-name').fill(customer.firstName);
    await textbox(owner, 'auth:register.last-name').fill(customer.lastName);
    await textbox(owner, 'auth:register.email').fill(customer.email);
    await textbox(owner, 'auth:register.phone').fill('600100200');
    await textbox(owner, 'auth:register.machine-number').fill(customer.serialNumber);
    await textbox(owner, 'auth:register.password').fill(customer.password);
    await textbox(owner, 'auth:register.confirm-password').fill(customer.password);
    await owner.getByRole('checkbox', { name: t('auth:consents.rules') }).check();
    await owner.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();
    await expect(notice(owner, t('auth:register-success-message'))).toBeVisible({ timeout: 30_000 });
    await axe.check(owner);

    const mail = await waitForMail(server, customer.email, { linkTo: '/confirm/' });
    await owner.goto(portalLink(mail, '/confirm/').pathname);
    await expect(heading(owner)).toHaveText(t('auth:register-success'));
    await owner.getByRole('link', { name: t('auth:confirm.to-login') }).click();
    await signIn(owner, customer);
    await expect(owner).toHaveURL('/home/board');
    const machines = await owner.request.get('/api/end-products/user-owned');
    expect(JSON.stringify(await machines.json())).toContain(serials[1]);
    await axe.check(owner);
  } finally {
    await context.close();
  }
});

test('a large file shows its progress while it goes up: the share sent, and the rows the server has already read', async ({
  page,
  visit,
  axe,
}) => {
  test.setTimeout(180_000);
  // 30,000 rows (about 1.3 MB), checked only (nothing is written), sent over a link of 50 kB/s: about 27 s. The
  // server reports its rows a batch (5,000) at a time; at 150 kB/s a loaded CI machine had the whole file sent
  // before the first batch's count reached the screen.
  const run = randomBytes(3).toString('hex').toUpperCase();
  const lines = Array.from({ length: 30_000 }, (_, i) => `PRG-${run}-${i};Kombajn AM-500;;;W;;`);
  const csv = Buffer.from(`${HEADER}\n${lines.join('\n')}\n`);

  await visit('/');
  await signIn(page, ADMIN);
  axe.skip(
    /^\/staff(\/(service-requests|offer-requests))?\/?$/,
    'the staff landing after sign-in; checked by its own journeys',
  );
  await visit('/staff/admin/machines');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: -1,
    uploadThroughput: 50 * 1024,
  });

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'erp-duzy.csv', mimeType: 'text/csv', buffer: csv });
  await page.getByRole('button', { name: t('machine-import:check'), exact: true }).click();
  const progress = page.getByRole('status').filter({ hasText: t('machine-import:progress.title') });
  await expect(progress).toBeVisible();
  await axe.check();
  // Streaming, not buffering: the server has read rows of the file while part of it is still on its way.
  const figures = async () => {
    const text = await progress.innerText().catch(() => '');
    const sent = /(\d+)\s*%/.exec(text);
    const rows = /(\d[\d\s\u00a0]*)\s+wiersz/.exec(text);
    return { sent: sent ? Number(sent[1]) : null, rows: rows ? Number(rows[1]!.replace(/\D/g, '')) : 0 };
  };
  await expect
    .poll(
      async () => {
        const { sent, rows } = await figures();
        return sent !== null && sent < 100 && rows > 0;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(true);

  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByRole('heading', { name: t('machine-import:result.checked') })).toBeVisible({
    timeout: 120_000,
  });
  const summary = page.getByRole('table', { name: t('machine-import:summary.caption') });
  await expect(summary.getByRole('row', { name: t('machine-import:summary.created') })).toContainText(
    /30\s?000/,
  );
});
