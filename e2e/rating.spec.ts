import type { APIRequestContext } from '@playwright/test';
import {
  DEMO_PASSWORD,
  journeySerial,
  newCustomer,
  registerConfirmedCustomer,
  signIn,
} from './support/accounts.ts';
import { heading } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { portalLink, waitForMail } from './support/mail.ts';
import { originOf, SERVERS } from './support/servers.ts';
import { customerApi, DEMO_SERVICE, fileRequest } from './support/service-journey.ts';
import { t } from './support/translations.ts';

const DESKTOP = { width: 1440, height: 900 };
/** Today in Poland, as the F dialog offers it. */
const todayInPoland = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());

/** The id of the customer's request with this code (their list, searched by code). */
async function requestId(api: APIRequestContext, code: string): Promise<string> {
  const page = (await (
    await api.get(`/api/service-requests/user-owned?q=${encodeURIComponent(code)}`)
  ).json()) as {
    items: { id: string; code: string }[];
  };
  return page.items.find((item) => item.code === code)!.id;
}

/**
 * Issue 18: a finished request is confirmed and rated. Staff move a request to F with its completion date (today in
 * Poland by default); the customer's status e-mail holds the rating link; the customer opens it without signing in,
 * rates 4 stars with a comment; the staff request page shows the rating; the link a second time says it was rated.
 */
test('a finished request is rated through the link of its status e-mail, and staff see the rating', async ({
  page,
  browser,
  axe,
}, testInfo) => {
  test.slow();
  const server = SERVERS.root;
  const customer = newCustomer('ocena', journeySerial(15, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  const api = await customerApi(server, customer);
  const code = await fileRequest(api);
  const id = await requestId(api, code);

  // The service department has worked on it: N → C → R → O → A (through its API, as the status tab would).
  const staffApi = await customerApi(server, { ...customer, email: DEMO_SERVICE, password: DEMO_PASSWORD });
  const path = ['N', 'C', 'R', 'O', 'A'];
  for (let i = 1; i < path.length; i += 1) {
    const moved = await staffApi.post(`/api/staff/service-requests/${id}/status`, {
      data: { status: path[i], fromStatus: path[i - 1] },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }

  // Staff move it to F: the dialog asks for the completion date, today by default.
  await page.setViewportSize(DESKTOP);
  axe.skip('/', 'the sign-in screen on the way to the request (checked by the sign-in journeys)');
  axe.skip('/staff', 'the queue, passed on the way (checked by the staff desk journey)');
  await page.goto('/');
  await signIn(page, { email: DEMO_SERVICE, password: DEMO_PASSWORD });
  await page.goto(`/staff/service-requests/${id}`);
  await expect(heading(page)).toContainText(code);
  await page.getByRole('tab', { name: t('staff:request-page.tabs.status') }).click();
  await page.getByRole('radio', { name: t('services:status.F') }).check();
  await page.getByRole('button', { name: t('staff:status.submit') }).click();
  const dialog = page.getByRole('dialog', { name: t('staff:status.confirm.title') });
  const completion = dialog.getByLabel(t('rating:completion.label'));
  await expect(completion).toHaveValue(todayInPoland());
  await axe.check(page);
  await dialog.getByRole('button', { name: t('staff:status.confirm.submit') }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: t('staff:request-page.tabs.request') }).click();
  await expect(page.getByText(todayInPoland()).first()).toBeVisible();

  // The customer's status e-mail links to the rating page.
  const mail = await waitForMail(server, customer.email, { linkTo: '/rate/' });
  expect(mail.text).toContain(code);
  const link = portalLink(mail, '/rate/');
  expect(link.origin).toBe(originOf(server));

  // The customer opens it without signing in: only the code and the machine, and the form.
  const customerContext = await browser.newContext({ baseURL: originOf(server) });
  try {
    const rater = await customerContext.newPage();
    await rater.goto(link.pathname);
    await expect(heading(rater)).toHaveText(t('rating:link.title'));
    await expect(rater.getByText(code)).toBeVisible();
    await axe.check(rater);
    await axe.checkDark(rater);
    // The score is required.
    await rater.getByRole('button', { name: t('rating:form.submit') }).click();
    await expect(rater.getByText(t('rating:form.score-required'))).toBeVisible();
    // A person clicks the fourth star (the radio itself is visually hidden behind it).
    const fourStars = rater.getByRole('radio', { name: t('rating:form.star_few', 'pl', { count: 4 }) });
    await rater.locator(`label[for="${await fourStars.getAttribute('id')}"]`).click();
    await expect(fourStars).toBeChecked();
    await rater.getByRole('textbox', { name: t('rating:form.comment') }).fill('Szybko i fachowo, dziękuję.');
    await rater.getByRole('button', { name: t('rating:form.submit') }).click();
    await expect(heading(rater)).toHaveText(t('rating:link.thanks-title'));
    await axe.check(rater);

    // Staff see the rating on the request page (live, or at the latest after a reload).
    const rating = page.getByRole('region', { name: t('rating:staff-title') });
    await expect(async () => {
      if (!(await rating.isVisible())) await page.reload();
      await expect(rating).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(
      rating.getByRole('img', { name: t('rating:stars', 'pl', { score: 4, max: 5 }) }),
    ).toBeVisible();
    await expect(rating).toContainText('Szybko i fachowo, dziękuję.');
    await axe.check(page);

    // The link a second time: already rated.
    await rater.goto(link.pathname);
    await expect(heading(rater)).toHaveText(t('rating:link.rated-title'));
    await expect(rater.getByRole('button', { name: t('rating:form.submit') })).toHaveCount(0);
    await axe.check(rater);
  } finally {
    await customerContext.close();
  }
});
