import { DEMO_CUSTOMER, DEMO_PASSWORD, signIn } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { originOf, SERVERS } from './support/servers.ts';

/** The 'two-instances' project: two servers on one PostgreSQL database, as production runs behind a balancer. */
test('a session started on one instance is valid on the other, and signing out on the other ends it', async ({
  page,
  context,
  visit,
  axe,
}) => {
  await visit('/');
  await signIn(page, { email: DEMO_CUSTOMER, password: DEMO_PASSWORD });
  await expect(page).toHaveURL('/home/board');
  await axe.check();

  // Browsers send localhost cookies to every port, so the second instance sees the same session cookie.
  const second = originOf(SERVERS.second);
  const user = await page.request.get(`${second}/api/user/extended-details`);
  expect(user.status()).toBe(200);
  expect((await user.json()).email).toBe(DEMO_CUSTOMER);

  const cookies = await context.cookies();
  const signedOut = await page.request.post(`${second}/auth/logout`, { headers: { origin: second } });
  expect(signedOut.ok()).toBe(true);
  // The old cookie, sent again to the first instance, names a session that no longer exists.
  await context.addCookies(cookies);
  expect((await page.request.get(`${originOf(SERVERS.first)}/api/user/extended-details`)).status()).toBe(401);
});
