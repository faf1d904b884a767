import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminCall, adminSignIn, type Json, noSeriousViolations } from './support/admin.ts';

// An admin opens Settings › Tax, adds a rate for a zone's country, saves, and sees it kept after a
// reload; a rate of 1000 % is refused on its field with nothing saved. Tax is store-wide and other specs
// check out to the US and Germany at the same time: every rate already there is kept as it was, the
// test's own rate is for Austria (a country no other spec ships to), and it is taken out again at the
// end, whatever happened.

const EU = '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b03';

interface Rate {
  zone_id: string;
  class_code: string;
  country: string | null;
  region: string | null;
  rate_percent: number;
  reverse_charge: boolean;
}

const isAustria = (r: Rate) => r.zone_id === EU && r.class_code === 'standard' && r.country === 'AT';

/** Takes out the test's rate, keeping every other one as it is now. */
async function removeRate(request: APIRequestContext) {
  const tax = (await adminCall(request, 'GET', 'tax')) as Json & { rates: Rate[] };
  if (!tax.rates.some(isAustria)) return;
  await adminCall(request, 'PUT', 'tax', { ...tax, rates: tax.rates.filter((r) => !isAustria(r)) });
}

test('an admin adds a rate for a country of a zone, and a rate of 1000 % is refused on its field', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const before = (await adminCall(request, 'GET', 'tax')) as Json & { rates: Rate[] };
  // Austria is the test's alone; Germany's standard rate is the demo's.
  expect(before.rates.some(isAustria)).toBe(false);
  expect(before.rates.some((r) => r.zone_id === EU && r.class_code === 'standard' && r.country === 'DE')).toBe(true);
  const n = before.rates.length + 1;
  const cell = (label: string) => page.getByLabel(`${label}, rate ${n}`, { exact: true });
  const messageOf = async (label: string) => {
    const id = await cell(label).getAttribute('aria-describedby');
    return page.locator(`[id="${id}"]`);
  };

  try {
    await adminSignIn(page);
    await page.goto('/admin/settings');
    await page.getByRole('link', { name: 'Settings › Tax' }).click();
    await expect(page).toHaveURL('/admin/settings/tax');
    await expect(page.getByRole('heading', { level: 1, name: 'Tax' })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Rates by zone/ }).locator('tbody tr')).toHaveCount(
      before.rates.length,
    );

    // European Union / standard / Germany 19 %: the zone has that rate already, said on the new row.
    await page.getByRole('button', { name: 'Add rate' }).click();
    await cell('Zone').selectOption({ label: 'European Union' });
    await cell('Class').selectOption('standard');
    await cell('Country').selectOption({ label: 'Germany' });
    // Germany has no states to pick from: no Region.
    await expect(cell('Region')).toHaveCount(0);
    await cell('Rate %').fill('19');
    await page.getByRole('button', { name: 'Save tax' }).click();
    await expect(cell('Zone')).toHaveAttribute('aria-invalid', 'true');
    await expect(await messageOf('Zone')).toHaveText('This zone already has a rate for standard in Germany');

    // Austria's 20 %, reverse-charged for businesses as the zone's other rates.
    await cell('Country').selectOption({ label: 'Austria' });
    await cell('Rate %').fill('20');
    await cell('Reverse charge for businesses').check();
    await noSeriousViolations(page, 'Settings › Tax with a new rate');
    await page.getByRole('button', { name: 'Save tax' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Tax saved' })).toBeVisible();
    await expect(cell('Zone')).toHaveAttribute('aria-invalid', 'false');

    await page.reload();
    await expect(cell('Zone')).toHaveValue(EU);
    await expect(cell('Class')).toHaveValue('standard');
    await expect(cell('Country')).toHaveValue('AT');
    await expect(cell('Rate %')).toHaveValue('20');
    await expect(cell('Reverse charge for businesses')).toBeChecked();
    const saved = (await adminCall(request, 'GET', 'tax')) as Json & { rates: Rate[] };
    expect(saved.rates.filter(isAustria)).toEqual([
      { zone_id: EU, class_code: 'standard', country: 'AT', region: null, rate_percent: 20, reverse_charge: true },
    ]);

    // 1000 %: refused on the field, before anything is sent.
    await cell('Rate %').fill('1000');
    await page.getByRole('button', { name: 'Save tax' }).click();
    await expect(cell('Rate %')).toHaveAttribute('aria-invalid', 'true');
    await expect(await messageOf('Rate %')).toHaveText('Rate must be at most 100 %');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Tax was not saved: correct the fields marked above.' }),
    ).toBeVisible();
    expect(((await adminCall(request, 'GET', 'tax')) as { rates: Rate[] }).rates.filter(isAustria)).toEqual(
      saved.rates.filter(isAustria),
    );
  } finally {
    await removeRate(request);
  }
  expect(((await adminCall(request, 'GET', 'tax')) as { rates: Rate[] }).rates).toEqual(before.rates);
});
