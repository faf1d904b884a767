import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits for every finite animation on the page to end: a toast fading in is half transparent, and
 * axe would measure its contrast mid-fade. Endless ones (spinners) are left running.
 */
async function animationsSettled(page: Page) {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * axe (DESIGN §9) on the page, or on the part `include` selects, once its animations have settled:
 * no serious or critical violation.
 */
export async function expectAccessible(page: Page, options: { include?: string; label?: string } = {}) {
  await animationsSettled(page);
  const builder = new AxeBuilder({ page });
  const { violations } = await (options.include ? builder.include(options.include) : builder).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, `axe on ${options.label ?? page.url()}`).toEqual([]);
}
