import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  journeySerial,
  newCustomer,
  registerConfirmedCustomer,
  signIn,
} from './support/accounts.ts';
import { heading, notice } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { customerApi, DEMO_SERVICE, fileRequest } from './support/service-journey.ts';
import { SERVERS } from './support/servers.ts';
import { t } from './support/translations.ts';

/**
 * Issue 15's customers journey: a service employee finds a customer by the serial number of their machine, opens
 * their page and a service request from it (light, dark, 360 px); an admin removes the machine and assigns it
 * again, each with a reason, and reactivates the customer after they deactivated their account.
 */
const server = SERVERS.root;
const DEMO_ADMIN = 'admin@agromech.example';

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

test('journey: service finds a customer by serial number; an admin moves their machine and reactivates them', async ({
  page,
  visit,
  axe,
}, testInfo) => {
  // Two people's sessions, about twenty screens and axe checks on a shared 2-core machine.
  test.setTimeout(300_000);
  const serial = journeySerial(9, testInfo);
  const customer = newCustomer('klient', serial);
  await registerConfirmedCustomer(page.request, server, customer);
  const api = await customerApi(server, customer);
  try {
    const code = await fileRequest(api);

    // The service employee: the header's Customers entry, a search by a fragment of the serial number.
    await visit('/');
    await signIn(page, { email: DEMO_SERVICE, password: DEMO_PASSWORD });
    await axe.check();
    await page
      .getByRole('link', { name: t('customers:nav') })
      .first()
      .click();
    await expect(heading(page)).toHaveText(t('customers:list.title'));
    await axe.check();
    const search = page.getByRole('searchbox', { name: t('customers:list.search') });
    await search.fill(serial.slice(-9).toLowerCase());
    await search.press('Enter');
    await expect(page).toHaveURL(/\?q=/);
    const name = `${customer.firstName} ${customer.lastName}`;
    await expect(page.getByRole('link', { name })).toHaveCount(1);
    await axe.check();
    await axe.checkDark();
    await page.getByRole('link', { name }).click();
    await expect(heading(page)).toHaveText(name);
    await expect(page.getByText(serial).first()).toBeVisible();
    // Service staff read only: no admin actions.
    await expect(page.getByRole('button', { name: t('customers:machines.assign') })).toHaveCount(0);
    await axe.check();
    await axe.checkDark();

    // At 360 px the lists are cards; the request opens from there.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(page.getByRole('link', { name: code })).toBeVisible();
    await axe.check();
    await page.getByRole('link', { name: code }).click();
    await expect(heading(page)).toContainText(code);
    await axe.check();
    await page.goBack();
    await expect(heading(page)).toHaveText(name);
    const customerUrl = page.url();

    // The admin: remove the machine with a reason, then assign it again by its serial number.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.context().clearCookies();
    await visit('/');
    await signIn(page, { email: DEMO_ADMIN, password: DEMO_PASSWORD });
    await axe.check();
    await page.goto(customerUrl);
    await expect(heading(page)).toHaveText(name);
    await expect(page.getByRole('link', { name: t('customers:account.audit') })).toBeVisible();
    await axe.check();
    await page
      .getByRole('button', { name: t('customers:machines.remove-label', 'pl', { serialNumber: serial }) })
      .click();
    const removal = dialog(page, t('customers:machines.remove-title', 'pl', { serialNumber: serial }));
    await removal.getByRole('button', { name: t('customers:machines.remove') }).click();
    await expect(removal.getByText(t('validation:form.reason-required'))).toBeVisible();
    await axe.check();
    await removal
      .getByRole('textbox', { name: t('customers:reason.label') })
      .fill('Maszyna sprzedana sąsiadowi');
    await removal.getByRole('button', { name: t('customers:machines.remove') }).click();
    await expect(notice(page, t('customers:machines.removed', 'pl', { serialNumber: serial }))).toBeVisible();
    await expect(page.getByText(t('customers:machines.empty')).first()).toBeVisible();

    await page.getByRole('button', { name: t('customers:machines.assign') }).click();
    const assignment = dialog(page, t('customers:machines.assign'));
    await assignment
      .getByRole('textbox', { name: t('customers:machines.serial-number') })
      .fill('NIE-MA-TAKIEJ');
    await assignment.getByRole('textbox', { name: t('customers:reason.label') }).fill('Odkupił od sąsiada');
    await assignment.getByRole('button', { name: t('customers:machines.assign-submit') }).click();
    await expect(assignment.getByText(t('errors:codes.MACHINE_NOT_FOUND'))).toBeVisible();
    await axe.check();
    await assignment.getByRole('textbox', { name: t('customers:machines.serial-number') }).fill(serial);
    await assignment.getByRole('button', { name: t('customers:machines.assign-submit') }).click();
    await expect(
      notice(page, t('customers:machines.assigned', 'pl', { serialNumber: serial })),
    ).toBeVisible();
    await expect(page.getByText(serial).first()).toBeVisible();

    // The customer closes their account; the admin brings it back with a reason; the old password works.
    const closed = await api.post('/api/user/deactivation', { data: { password: customer.password } });
    expect(closed.status(), await closed.text()).toBe(204);
    await page.reload();
    await expect(heading(page)).toHaveText(name);
    await page.getByRole('button', { name: t('customers:account.reactivate') }).click();
    const reactivation = dialog(page, t('customers:account.reactivate-title'));
    await reactivation
      .getByRole('textbox', { name: t('customers:reason.label') })
      .fill('Prośba telefoniczna klienta');
    await axe.check();
    await axe.checkDark();
    await reactivation.getByRole('button', { name: t('customers:account.reactivate') }).click();
    await expect(notice(page, t('customers:account.reactivated'))).toBeVisible();
    await expect(page.getByRole('button', { name: t('customers:account.reactivate') })).toHaveCount(0);
    const again = await api.post('/auth/login', {
      data: { username: customer.email, password: customer.password, remember: false },
    });
    expect(again.status()).toBe(200);
  } finally {
    await api.dispose();
  }
});
