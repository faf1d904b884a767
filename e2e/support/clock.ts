import type { Page } from '@playwright/test';

/**
 * Installs Playwright's clock and stops it, so page timers move only with `page.clock.runFor()`
 * (an installed clock otherwise keeps running in real time and the timings under test would drift).
 */
export async function stoppedClock(page: Page) {
  const start = new Date('2030-01-01T10:00:00Z').getTime();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}

/** Opens a page and waits until it is hydrated and its lazy parts have loaded (the network is quiet). */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForLoadState('networkidle');
  return response;
}
