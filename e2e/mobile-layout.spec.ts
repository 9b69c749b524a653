import { expect, test } from './support/fixtures.ts';

const PHONE = { width: 360, height: 780 };

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

for (const path of ['/', '/register', '/no-such-page']) {
  test(`${path} fits a 360 px wide phone without horizontal scrolling`, async ({ page, visit }) => {
    await visit(path);
    // The footer's contact data arrives last; measure once the page is complete.
    await expect(page.getByRole('contentinfo').locator('address')).toBeVisible();
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width, 'document width in CSS pixels').toBeLessThanOrEqual(PHONE.width);
  });
}
