import { expect, test } from './support/fixtures.ts';
import { originOf, SERVERS } from './support/servers.ts';
import { fileRequestAndAnswerIt } from './support/service-journey.ts';

/** The customer uses the first instance, the service department the second: events and files cross instances. */
test('the same journey with the customer on one instance and the service department on another', async ({
  page,
  browser,
  axe,
}) => {
  test.slow();
  const staffContext = await browser.newContext({ baseURL: originOf(SERVERS.second) });
  try {
    await fileRequestAndAnswerIt(page, await staffContext.newPage(), axe);
  } finally {
    await staffContext.close();
  }
  expect(new URL(page.url()).port).toBe(String(SERVERS.first.port));
});
