import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * WCAG 2.2 A and AA, the level the portal promises (docs/security.md and the issue's acceptance criteria): 2.0 and
 * 2.1 rules and 2.2's own (target-size, 24 × 24 px or the spacing exception).
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

/**
 * Waits until finite CSS animations and transitions have ended and none has started for 200 ms: axe measures
 * colour contrast with the opacity of the moment, so a fade caught half way would be a false violation. The quiet
 * spell covers the frames between two steps of a Mantine transition (a notification is mounted at opacity 0 and
 * its fade starts a frame or a timer later), when no animation runs yet. Endless ones (spinners) are ignored.
 */
async function waitForStillness(page: Page): Promise<void> {
  await page
    .waitForFunction(
      (wait) => {
        const still = document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
        const w = window as { stillness?: { wait: number; since?: number } };
        if (w.stillness?.wait !== wait) w.stillness = { wait };
        if (!still) w.stillness.since = undefined;
        else w.stillness.since ??= performance.now();
        return still && performance.now() - w.stillness.since! >= 200;
      },
      Math.random(),
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => undefined);
}

/**
 * Axe's results of a still page: a transition that starts while axe runs (a notification closing by itself, a
 * second or more into a check on a loaded machine) would be measured half way, so such a check is taken again.
 */
export async function analyze(page: Page): Promise<AxeResults> {
  for (let attempt = 1; ; attempt++) {
    await waitForStillness(page);
    await page.evaluate(() => {
      const w = window as { movedDuringAxe?: boolean };
      w.movedDuringAxe = false;
      const moved = () => (w.movedDuringAxe = true);
      for (const type of ['animationstart', 'transitionstart', 'transitionrun'])
        document.addEventListener(type, moved, { capture: true, once: true });
    });
    // Legacy mode runs axe.run() in the page itself instead of finishing in a fresh blank page per check,
    // which costs a second or more each time on our 2-core machines; the portal has no cross-origin frames.
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
    const moved = await page.evaluate(() => (window as { movedDuringAxe?: boolean }).movedDuringAxe === true);
    if (!moved || results.violations.length === 0 || attempt === 3) return results;
  }
}

/** One line per rule and one per offending element, with what axe says to fix: readable in the terminal. */
export function describeViolations(where: string, violations: Violation[]): string {
  const lines = [`${violations.length} accessibility violation(s) on ${where}:`];
  for (const v of violations) {
    lines.push(`  • ${v.id} [${v.impact ?? 'unknown'}] ${v.help}`, `    ${v.helpUrl}`);
    for (const node of v.nodes.slice(0, 5)) {
      const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim();
      lines.push(`    - ${node.target.join(' ')}`, `      ${summary}`);
    }
    if (v.nodes.length > 5) lines.push(`    … and ${v.nodes.length - 5} more element(s)`);
  }
  return lines.join('\n');
}
