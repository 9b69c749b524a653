import { openUserMenuEntry, signIn } from './support/accounts.ts';
import { heading, notice, textbox } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { originOf, SERVERS } from './support/servers.ts';
import { t } from './support/translations.ts';

const server = SERVERS.root;

/** The German demo customer (README), whose address no other journey reads: Feldweg 7, 03046 Cottbus. */
const ANNA = { email: 'anna.schmidt@example.com', password: 'Zniwa-2026-demo' };

test('item 8: a postal code that does not fit the country is refused, in the form and by the server, naming the format', async ({
  page,
  visit,
  axe,
}) => {
  test.slow();
  await visit('/');
  await signIn(page, ANNA);
  await expect(page).toHaveURL(/\/home\/board$/);
  await expect(heading(page)).toBeVisible();
  await axe.check();
  // The journey changes the address; a retry starts again from the demo one.
  const cottbus = {
    companyName: '',
    street: 'Feldweg',
    houseNumber: '7',
    apartmentNumber: '',
    postalCode: '03046',
    city: 'Cottbus',
    countryCode: 'DE',
  };
  const reset = await page.request.put('/api/user/address', {
    headers: { origin: originOf(server) },
    data: cottbus,
  });
  expect(reset.status()).toBe(200);
  await openUserMenuEntry(page, 'layout:user-menu.settings');
  await expect(heading(page)).toHaveText(t('layout:account.settings.title'));
  const postalCode = textbox(page, 'layout:account.address.postal-code');
  const country = page.getByRole('combobox', { name: t('layout:account.address.country'), exact: true });
  const save = page.getByRole('button', { name: t('layout:account.address.submit'), exact: true });
  await expect(postalCode).toHaveValue('03046');

  // "abc" in Poland: the form names the Polish format and keeps what was typed.
  await country.click();
  await page.getByRole('option', { name: 'Polska' }).click();
  await postalCode.fill('abc');
  await save.click();
  const polishFormat = page.getByText(t('validation:form.wrong-postal-code', 'pl', { example: '62-050' }), {
    exact: true,
  });
  await expect(polishFormat).toBeVisible();
  await expect(postalCode).toHaveValue('abc');
  await expect(postalCode).toBeFocused();
  await axe.check();
  await axe.checkDark();

  // The rule follows the country: a German code is wrong in Poland, right in Germany.
  await postalCode.fill('10115');
  await expect(polishFormat).toBeVisible();
  await country.click();
  await page.getByRole('option', { name: 'Niemcy' }).click();
  await expect(polishFormat).toBeHidden();

  // The server refuses the same thing with the same translation key and example, whoever skips the form.
  const refused = await page.request.put('/api/user/address', {
    headers: { origin: originOf(server) },
    data: { ...cottbus, postalCode: 'abc', countryCode: 'PL' },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({
    code: 'VALIDATION_FAILED',
    fields: [{ path: 'postalCode', code: 'form.wrong-postal-code', params: { example: '62-050' } }],
  });

  // Nothing wrong was kept; the right code is saved.
  await save.click();
  await expect(notice(page, t('layout:account.address.success'))).toBeVisible();
  await page.reload();
  await expect(postalCode).toHaveValue('10115');
  await expect(country).toHaveValue('Niemcy');
});
