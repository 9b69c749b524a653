import { test as base, expect, type Page } from '@playwright/test';
import { analyze, describeViolations } from './accessibility.ts';

export interface Axe {
  /** Runs axe (WCAG 2.2 A/AA, accessibility.ts) on the page as it is now and fails the test listing every violation. */
  check(target?: Page): Promise<void>;
  /**
   * Checks the page in the dark scheme too: switches the system preference to dark (the portal follows it
   * until someone picks a scheme), checks, and switches back to light. Cheaper than a second page load.
   */
  checkDark(target?: Page): Promise<void>;
  /** Declares a visited path that is never a settled page (e.g. an immediate redirect), so it needs no check. */
  skip(path: string | RegExp, reason: string): void;
}

interface Fixtures {
  axe: Axe;
  /** Opens a path, waits for the screen's h1 and checks it with axe: the usual first step of a journey. */
  visit: (path: string) => Promise<void>;
}

const pathOf = (url: string) => new URL(url).pathname;

export const test = base.extend<Fixtures>({
  axe: async ({ page }, use, testInfo) => {
    // Every path the test's page shows is recorded, so a journey cannot visit a screen and forget to check it.
    const visited = new Set<string>();
    const checked = new Set<string>();
    const skipped: Array<string | RegExp> = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().startsWith('http')) visited.add(pathOf(frame.url()));
    });

    const check = async (target = page) => {
      const results = await analyze(target);
      const path = pathOf(target.url());
      if (target === page) checked.add(path);
      if (results.violations.length === 0) return;
      const scheme = await target.evaluate(
        () => document.documentElement.dataset.mantineColorScheme ?? 'unknown',
      );
      await testInfo.attach(`axe-${path}-${scheme}.json`, {
        body: JSON.stringify(results.violations, null, 2),
        contentType: 'application/json',
      });
      throw new Error(describeViolations(`${path} (${scheme} scheme)`, results.violations));
    };
    const setScheme = async (target: Page, scheme: 'light' | 'dark') => {
      await target.emulateMedia({ colorScheme: scheme });
      await expect(target.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    };

    await use({
      check,
      async checkDark(target = page) {
        await setScheme(target, 'dark');
        await check(target);
        await setScheme(target, 'light');
      },
      skip(path) {
        skipped.push(path);
      },
    });

    if (testInfo.status !== testInfo.expectedStatus) return;
    const isSkipped = (path: string) =>
      skipped.some((s) => (typeof s === 'string' ? s === path : s.test(path)));
    const unchecked = [...visited].filter((path) => !checked.has(path) && !isSkipped(path));
    if (unchecked.length > 0) {
      throw new Error(
        `Visited but not checked for accessibility: ${unchecked.join(', ')}. ` +
          'Call `await axe.check()` once the screen has settled, or `axe.skip(path, reason)` for a redirect.',
      );
    }
  },

  visit: async ({ page, axe }, use) => {
    await use(async (path) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await axe.check();
    });
  },
});

export { expect };
