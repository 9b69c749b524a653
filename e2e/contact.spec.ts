import type { Locator, Page } from '@playwright/test';
import type { Brand } from '@care/contract/brand';
import { expect, test } from './support/fixtures.ts';
import { t } from './support/translations.ts';

/** SPEC §9: the copied confirmation lasts 500 ms. */
const COPY_FEEDBACK_MS = 500;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/**
 * Copies one contact value and follows the tooltip: the prompt, the copied confirmation, the prompt again.
 * The confirmation's length is measured inside the page (on the button's name, which changes with the
 * tooltip), so the test's own polling delay does not count.
 */
async function copyAndExpectFeedback(
  page: Page,
  scope: Locator,
  prompt: string,
  value: string,
): Promise<void> {
  const copied = t('common:copy.copied');
  const button = scope.getByRole('button', { name: prompt });
  const tooltip = page.getByRole('tooltip');

  await button.hover();
  await expect(tooltip).toHaveText(prompt);
  await button.evaluate((element, copiedName) => {
    new MutationObserver(() => {
      const now = String(performance.now());
      if (element.getAttribute('aria-label') === copiedName) element.dataset.copiedAt ??= now;
      else if (element.dataset.copiedAt) element.dataset.restoredAt ??= now;
    }).observe(element, { attributes: true, attributeFilter: ['aria-label'] });
  }, copied);

  await button.click();
  await expect(tooltip).toHaveText(copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
  await expect(tooltip).toHaveText(prompt);

  const shown = await button.evaluate(
    (element) => Number(element.dataset.restoredAt) - Number(element.dataset.copiedAt),
  );
  // Wide enough for a busy machine, narrow enough to tell 500 ms from Mantine's default of 1000 ms.
  expect(shown, 'how long the copied confirmation stayed (ms)').toBeGreaterThanOrEqual(
    COPY_FEEDBACK_MS - 100,
  );
  expect(shown, 'how long the copied confirmation stayed (ms)').toBeLessThan(COPY_FEEDBACK_MS + 450);
  // Leave the button so the next one's tooltip is the only one.
  await page.mouse.move(0, 0);
  await expect(tooltip).toBeHidden();
}

test.describe('service contact', () => {
  let brand: Brand;
  test.beforeEach(async ({ request }) => {
    const response = await request.get('/api/brand');
    expect(response.ok()).toBe(true);
    brand = (await response.json()) as Brand;
  });

  test('the contact block on registration copies the service phone and e-mail, confirming each for 500 ms', async ({
    page,
    visit,
  }) => {
    await visit('/register');
    const block = page.getByRole('region', { name: t('common:contact.title') });
    await expect(block.getByRole('link', { name: brand.servicePhone })).toBeVisible();

    await copyAndExpectFeedback(page, block, t('common:copy.copy-phone'), brand.servicePhone);
    await copyAndExpectFeedback(page, block, t('common:copy.copy-email'), brand.serviceEmail);
  });

  test('the footer shows the address, copies the service contact and links to the videos and the social page', async ({
    page,
    visit,
  }) => {
    await visit('/');
    const footer = page.getByRole('contentinfo');
    const address = footer.locator('address');
    for (const part of [brand.address.street, brand.address.postalCode, brand.address.city]) {
      await expect(address).toContainText(part);
    }
    for (const [name, href] of [
      [t('common:footer.videos'), brand.videoPlaylistUrl],
      [t('common:footer.social'), brand.socialUrl],
    ] as const) {
      const link = footer.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }

    await copyAndExpectFeedback(page, footer, t('common:copy.copy-phone'), brand.servicePhone);
    await copyAndExpectFeedback(page, footer, t('common:copy.copy-email'), brand.serviceEmail);
  });
});
