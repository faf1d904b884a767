import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminCall, adminSignIn, noSeriousViolations } from './support/admin.ts';

// An admin opens Settings › Currencies, adds yen at 151.37 for shoppers in Japan, saves, and sees it
// kept after a reload; then removes it and saves again. Currencies are shop-wide and other specs check
// out in the demo's euros and pounds: those stay as they are, the test's yen is for Japan (a country no
// other spec ships to), and the settings are put back at the end, whatever happened.

interface Presentment {
  code: string;
  rate: number;
  rounding: string;
  countries: string[];
}
interface Currencies {
  base: { code: string };
  presentment: Presentment[];
  base_locked: boolean;
}

const bodyOf = (answer: Currencies) => ({
  base: answer.base.code,
  presentment: answer.presentment.map(({ code, rate, rounding, countries }) => ({ code, rate, rounding, countries })),
});

/** Puts the currencies back as they were before the test, unless they already are. */
async function restore(request: APIRequestContext, before: Currencies) {
  const now = (await adminCall(request, 'GET', 'currencies')) as Currencies;
  if (JSON.stringify(bodyOf(now)) !== JSON.stringify(bodyOf(before))) {
    await adminCall(request, 'PUT', 'currencies', bodyOf(before));
  }
}

test('an admin adds yen at a rate for Japan, sees it kept, and removes it again', async ({ page, request }) => {
  test.setTimeout(60_000);
  const before = (await adminCall(request, 'GET', 'currencies')) as Currencies;
  expect(before.presentment.some((c) => c.code === 'JPY' || c.countries.includes('JP'))).toBe(false);
  const n = before.presentment.length + 1;
  const cell = (label: string) => page.getByLabel(`${label}, currency ${n}`, { exact: true });

  try {
    await adminSignIn(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Currencies' }).click();
    await expect(page).toHaveURL('/admin/settings/currencies');
    await expect(page.getByRole('heading', { level: 1, name: 'Currencies' })).toBeVisible();
    // The demo shop has orders: its base stays, and the page says why.
    await expect(page.getByLabel('Base currency')).toBeDisabled();
    await expect(page.getByText('The base currency cannot change once the shop has orders')).toBeVisible();
    const rows = page.getByRole('table', { name: /^Currencies shoppers may pay in/ }).locator('tbody tr');
    await expect(rows).toHaveCount(before.presentment.length);

    await page.getByRole('button', { name: 'Add currency' }).click();
    await cell('Currency').selectOption('JPY');
    await cell('Rate').fill('151.37');
    await cell('Rounding').selectOption({ label: 'No rounding (21.37)' });
    await cell('Countries').fill('Japan');
    await page.getByRole('option', { name: 'Japan (JP)' }).click();
    await expect(rows.nth(n - 1).getByRole('button', { name: 'Remove Japan' })).toBeVisible();
    await noSeriousViolations(page, 'Settings › Currencies with a new currency');
    await page.getByRole('button', { name: 'Save currencies' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Currencies saved' })).toBeVisible();

    await page.reload();
    await expect(cell('Currency')).toHaveValue('JPY');
    await expect(cell('Rate')).toHaveValue('151.37');
    await expect(cell('Rounding')).toHaveValue('none');
    await expect(rows.nth(n - 1).getByRole('button', { name: 'Remove Japan' })).toBeVisible();
    const saved = (await adminCall(request, 'GET', 'currencies')) as Currencies;
    expect(saved.presentment.filter((c) => c.code === 'JPY')).toEqual([
      { code: 'JPY', name: 'Yen', digits: 0, rate: 151.37, rounding: 'none', countries: ['JP'] },
    ]);
    expect(bodyOf(saved).presentment.slice(0, n - 1)).toEqual(bodyOf(before).presentment);

    await page.getByRole('button', { name: `Remove currency ${n}` }).click();
    await expect(rows).toHaveCount(before.presentment.length);
    await page.getByRole('button', { name: 'Save currencies' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Currencies saved' })).toBeVisible();
    expect(bodyOf((await adminCall(request, 'GET', 'currencies')) as Currencies)).toEqual(bodyOf(before));
  } finally {
    await restore(request, before);
  }
});
