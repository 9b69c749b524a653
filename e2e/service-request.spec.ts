import { expect, test } from './support/fixtures.ts';
import { fileRequestAndAnswerIt } from './support/service-journey.ts';

test('a customer files a request with two photos; staff change its status and reply; the open page updates live', async ({
  page,
  browser,
  baseURL,
  axe,
}) => {
  test.slow();
  const staffContext = await browser.newContext({ baseURL });
  try {
    await fileRequestAndAnswerIt(page, await staffContext.newPage(), axe);
  } finally {
    await staffContext.close();
  }
  expect(page.url()).toMatch(/\/home\/services\/edit\/\d+$/);
});
