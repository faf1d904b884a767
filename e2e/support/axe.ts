import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Brings every finite animation on the page to its end state: a toast fading in is half transparent,
 * and axe would measure its contrast mid-fade; one fading out is then gone. Waiting for them to end was
 * not enough on a loaded machine: a toast's exit could begin between the wait and the scan. Endless
 * ones (spinners) are left running.
 */
async function animationsSettled(page: Page) {
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    for (const animation of finite) {
      try {
        animation.finish();
      } catch {
        // An animation without an end (no duration) cannot be finished; it is not a fade either.
      }
    }
  });
}

/**
 * Whether every node of these violations is transient: in the toaster (react-hot-toast's container),
 * or already gone from the page (a toast removed since the scan).
 */
async function onlyInToasts(page: Page, targets: string[]): Promise<boolean> {
  return page.evaluate(
    (selectors) =>
      selectors.every((sel) => {
        const node = document.querySelector(sel);
        return node === null || node.closest('[data-rht-toaster]') !== null;
      }),
    targets,
  );
}

/**
 * axe (docs/architecture.md §9) on the page, or on the part `include` selects, once its animations have settled:
 * no serious or critical violation. Toasts come and go on their own clock: one that began to fade
 * during the scan is measured half transparent, so a finding only in toasts is scanned again (twice
 * at most) — a toast whose colours really fail fails every time.
 */
export async function expectAccessible(page: Page, options: { include?: string; label?: string } = {}) {
  let serious: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await animationsSettled(page);
    // Legacy mode runs axe once, in the page: the default also opens a blank page, injects axe there a
    // second time and moves the results across, for cross-origin frames the shop's pages do not have
    // (about 40 % of a scan's time when two browsers share two cores).
    const builder = new AxeBuilder({ page }).setLegacyMode(true);
    const { violations } = await (options.include ? builder.include(options.include) : builder).analyze();
    const found = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    serious = found.map(
      (v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
    const targets = found.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
    if (found.length === 0 || !(await onlyInToasts(page, targets))) break;
  }
  expect(serious, `axe on ${options.label ?? page.url()}`).toEqual([]);
}
