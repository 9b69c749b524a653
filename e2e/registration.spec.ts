import { journeySerial, newCustomer, signIn } from './support/accounts.ts';
import { heading, notice, textbox } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { mailsTo, portalLink, waitForMail } from './support/mail.ts';
import { SERVERS } from './support/servers.ts';
import { t } from './support/translations.ts';

const server = SERVERS.root;

const message = (key: string, values: Record<string, number> = {}) => t(`validation:${key}`, 'pl', values);

test('journey 1–2: registration with a machine number, every rule of SPEC §5, the e-mailed link confirms once', async ({
  page,
  visit,
  axe,
}, testInfo) => {
  test.slow();
  const customer = newCustomer('rejestracja', journeySerial(0, testInfo));
  const query = new URLSearchParams({
    name: customer.firstName,
    lastname: customer.lastName,
    email: customer.email,
    phone: '600 100 200',
  });
  await visit(`/register?${query}`);

  // Prefill from the query parameters.
  await expect(textbox(page, 'auth:register.first-name')).toHaveValue(customer.firstName);
  await expect(textbox(page, 'auth:register.last-name')).toHaveValue(customer.lastName);
  await expect(textbox(page, 'auth:register.email')).toHaveValue(customer.email);
  await expect(textbox(page, 'auth:register.phone')).toHaveValue('600 100 200');

  // Every rule with its message.
  await textbox(page, 'auth:register.first-name').fill('Zo');
  await textbox(page, 'auth:register.last-name').fill('Wi');
  await textbox(page, 'auth:register.email').fill('zofia@');
  await textbox(page, 'auth:register.phone').fill('60010020');
  await textbox(page, 'auth:register.pesel-or-nip').fill('12-AB');
  await textbox(page, 'auth:register.password').fill('12345');
  await textbox(page, 'auth:register.confirm-password').fill('123456');
  await page.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();
  await expect(page.getByText(message('form.min-length', { count: 3 }), { exact: true })).toHaveCount(2);
  for (const key of [
    'form.wrong-email',
    'form.wrong-phone',
    'form.wrong-machine-number',
    'form.wrong-pesel-or-nip',
    'form.rules-required',
  ]) {
    await expect(page.getByText(message(key), { exact: true }), key).toBeVisible();
  }
  await expect(page.getByText(message('form.min-length', { count: 6 }), { exact: true })).toBeVisible();
  await textbox(page, 'auth:register.password').fill('1234567');
  await expect(page.getByText(message('form.passwords-not-same'), { exact: true })).toBeVisible();
  await axe.check();

  // Select all sets both consents, and clears both.
  const selectAll = page.getByRole('checkbox', { name: t('auth:consents.select-all') });
  const rules = page.getByRole('checkbox', { name: t('auth:consents.rules') });
  const marketing = page.getByRole('checkbox', { name: t('auth:consents.marketing') });
  await selectAll.check();
  await expect(rules).toBeChecked();
  await expect(marketing).toBeChecked();
  await selectAll.uncheck();
  await expect(rules).not.toBeChecked();
  await expect(marketing).not.toBeChecked();

  // Valid values survive a reload (browser storage), passwords are never kept.
  await textbox(page, 'auth:register.first-name').fill(customer.firstName);
  await textbox(page, 'auth:register.last-name').fill(customer.lastName);
  await textbox(page, 'auth:register.email').fill(customer.email);
  await textbox(page, 'auth:register.phone').fill('600100200');
  await textbox(page, 'auth:register.pesel-or-nip').fill('');
  await textbox(page, 'auth:register.machine-number').fill('AM-0000-000000');
  await rules.check();
  await page.reload();
  await expect(textbox(page, 'auth:register.email')).toHaveValue(customer.email);
  await expect(textbox(page, 'auth:register.machine-number')).toHaveValue('AM-0000-000000');
  await expect(rules).toBeChecked();
  await expect(textbox(page, 'auth:register.password')).toHaveValue('');

  // The server checks the machine number too: an unknown one is a field error.
  await textbox(page, 'auth:register.password').fill(customer.password);
  await textbox(page, 'auth:register.confirm-password').fill(customer.password);
  await page.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();
  await expect(page.getByText(message('form.machine-number-unknown'), { exact: true })).toBeVisible();

  await textbox(page, 'auth:register.machine-number').fill(customer.serialNumber);
  await page.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();
  await expect(notice(page, t('auth:register-success-message'))).toBeVisible();
  await expect(page).toHaveURL('/');
  await axe.check();

  // Not confirmed yet: no sign-in.
  await textbox(page, 'auth:login.username').fill(customer.email);
  await textbox(page, 'auth:login.password').fill(customer.password);
  await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
  await expect(notice(page, t('errors:codes.EMAIL_NOT_CONFIRMED'))).toBeVisible();

  // Journey 2: the e-mail in the customer's language with /confirm/{token}/{username}.
  const mail = await waitForMail(server, customer.email, { linkTo: '/confirm/' });
  expect(mail.subject).toContain('Potwierdź rejestrację');
  const link = portalLink(mail, '/confirm/');
  const [token, username] = link.pathname.split('/').slice(-2).map(decodeURIComponent);
  expect(username).toBe(customer.email);
  expect(token, 'an unguessable token, not a database id').toMatch(/^[\w-]{40,}$/);

  const wrong = new URL(link);
  wrong.pathname = wrong.pathname.replace(token!, `${token!.slice(0, -4)}AAAA`);
  await page.goto(wrong.pathname);
  await expect(heading(page)).toHaveText(t('auth:register-failure'));
  await expect(page.getByText(t('auth:register-failure-message'))).toBeVisible();
  await axe.check();

  await page.goto(link.pathname);
  await expect(heading(page)).toHaveText(t('auth:register-success'));
  await axe.check();
  await page.reload();
  await expect(heading(page), 'the link works once').toHaveText(t('auth:register-failure'));

  // Confirmed: the machine is linked and the customer signs in.
  await page.getByRole('link', { name: t('common:actions.back-to-login') }).click();
  await signIn(page, customer);
  await expect(page).toHaveURL('/home/board');
  const machines = await page.request.get('/api/end-products/user-owned');
  expect(machines.ok()).toBe(true);
  expect(JSON.stringify(await machines.json())).toContain(customer.serialNumber);
  await axe.check();
  expect(await mailsTo(server, customer.email)).toHaveLength(1);
});

test('journey 8: linking an online-store account (registerB2C) in German, confirmed by e-mail like a registration', async ({
  page,
  visit,
  axe,
}, testInfo) => {
  test.slow();
  const customer = newCustomer('sklep', journeySerial(1, testInfo));
  await visit(`/registerB2C?lng=de&email=${encodeURIComponent(customer.email)}`);
  await expect(heading(page)).toHaveText(t('auth:b2c.title', 'de'));
  await expect(textbox(page, 'auth:b2c.email', 'de')).toHaveValue(customer.email);

  await page.getByRole('button', { name: t('auth:b2c.submit', 'de'), exact: true }).click();
  await expect(
    page.getByText(t('validation:form.wrong-machine-number', 'de'), { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByText(t('validation:form.min-length', 'de', { count: 6 }), { exact: true }),
  ).toBeVisible();

  await textbox(page, 'auth:b2c.password', 'de').fill(customer.password);
  await textbox(page, 'auth:b2c.machine-number', 'de').fill(customer.serialNumber);
  await page.getByRole('checkbox', { name: t('auth:consents.select-all', 'de') }).check();
  await page.getByRole('button', { name: t('auth:b2c.submit', 'de'), exact: true }).click();
  await expect(notice(page, t('auth:register-success-message', 'de'))).toBeVisible();
  await expect(page).toHaveURL('/');
  await axe.check();

  const mail = await waitForMail(server, customer.email, { linkTo: '/confirm/' });
  expect(mail.subject).toContain('Bestätigen Sie Ihre Registrierung');
  await page.goto(portalLink(mail, '/confirm/').pathname);
  await expect(heading(page)).toHaveText(t('auth:register-success', 'de'));
  await axe.check();

  await page.getByRole('link', { name: t('auth:confirm.to-login', 'de') }).click();
  await signIn(page, customer, { language: 'de' });
  await expect(page).toHaveURL('/home/board');
  await axe.check();
});
