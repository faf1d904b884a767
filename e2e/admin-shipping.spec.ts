import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { adminCall, adminSignIn, type Json, noSeriousViolations } from './support/admin.ts';

// An admin adds a shipping zone priced by weight in Settings › Shipping, sees it kept after a reload,
// and has overlapping bands refused on the band itself with nothing saved. Zones are store-wide and
// other specs check out to the US and Germany at the same time: every zone already there is kept as it
// was, the test's own zone is for Iceland (a country no other spec ships to), and it is taken out again
// at the end, whatever happened.

/** Takes out the zones named `name`, keeping every other zone as it is now. */
async function removeZone(request: APIRequestContext, name: string) {
  const { zones } = (await adminCall(request, 'GET', 'shipping')) as { zones: Json[] };
  if (!zones.some((zone) => zone.name === name)) return;
  await adminCall(request, 'PUT', 'shipping', { zones: zones.filter((zone) => zone.name !== name) });
}

/** What a band table's fields hold, row by row: From, Up to, Price. */
const bandValues = (table: Locator) =>
  expect.poll(() =>
    table.getByRole('spinbutton').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
  );

/** A zone of the editor by its name (its legend is "Zone N: name"). */
const zoneNamed = (page: Page, name: string) => page.getByRole('group', { name: new RegExp(`^Zone \\d+: ${name}$`) });

test('an admin adds a zone priced by weight, and overlapping bands are refused on the band', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const name = `Iceland ${randomUUID().slice(0, 6)}`;
  const before = (await adminCall(request, 'GET', 'shipping')) as { zones: Json[] };
  // Iceland is the test's alone: no zone of the shop names it.
  expect(before.zones.some((zone) => (zone.countries as string[]).includes('IS'))).toBe(false);

  try {
    await adminSignIn(page);
    await page.goto('/admin/settings');
    await page.getByRole('link', { name: 'Settings › Shipping' }).click();
    await expect(page).toHaveURL('/admin/settings/shipping');
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
    const zones = page.getByRole('list', { name: 'Zones, in the order checkout tries them' });
    await expect(zones.locator(':scope > li')).toHaveCount(before.zones.length);

    await page.getByRole('button', { name: 'Add zone' }).click();
    const added = zones.locator(':scope > li').last();
    await added.getByLabel('Zone name').fill(name);
    const zone = zoneNamed(page, name);
    await zone.getByRole('combobox', { name: 'Countries' }).fill('icel');
    await zone.getByRole('option', { name: /^Iceland/ }).click();
    await expect(zone.getByRole('button', { name: 'Remove Iceland' })).toBeVisible();
    // One country: the zone may be narrowed to postcodes (Iceland has no list of regions to pick from).
    await expect(zone.getByLabel('Postcode prefixes (optional)')).toBeVisible();
    await expect(zone.getByRole('group', { name: 'Regions (optional)' })).toHaveCount(0);

    await zone.getByLabel('Code', { exact: true }).fill('standard');
    await zone.getByLabel('Name', { exact: true }).fill('Standard');
    await zone.getByLabel('Delivery estimate (optional)').fill('3–5 business days');
    await zone.getByLabel('Rate', { exact: true }).selectOption({ label: 'By weight' });
    const bands = zone.getByRole('table', { name: /^Weight bands/ });
    await expect(bands.getByLabel('From (g), band 1')).toHaveValue('0');
    await bands.getByLabel('Up to (g), band 1').fill('1000');
    await bands.getByLabel('Price ($), band 1').fill('4.90');
    await zone.getByRole('button', { name: 'Add band' }).click();
    // The next band starts where the one before ends.
    await expect(bands.getByLabel('From (g), band 2')).toHaveValue('1000');
    await bands.getByLabel('Price ($), band 2').fill('9.90');
    await noSeriousViolations(page, 'shipping zones with a new zone');
    await page.getByRole('button', { name: 'Save shipping' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Shipping saved' })).toBeVisible();

    await page.reload();
    const saved = zoneNamed(page, name);
    await expect(saved).toBeVisible();
    await expect(saved.getByRole('button', { name: 'Remove Iceland' })).toBeVisible();
    await expect(saved.getByLabel('Code', { exact: true })).toHaveValue('standard');
    await expect(saved.getByLabel('Delivery estimate (optional)')).toHaveValue('3–5 business days');
    const savedBands = saved.getByRole('table', { name: /^Weight bands/ });
    await bandValues(savedBands).toEqual(['0', '1000', '4.90', '1000', '', '9.90']);
    // Every zone that was there is still there, in its place, with ours last.
    await expect(
      page.getByRole('list', { name: 'Zones, in the order checkout tries them' }).locator(':scope > li'),
    ).toHaveCount(before.zones.length + 1);

    // The second band now starts inside the first: refused on that band, and nothing is saved.
    await savedBands.getByLabel('From (g), band 2').fill('500');
    await page.getByRole('button', { name: 'Save shipping' }).click();
    const from = savedBands.getByLabel('From (g), band 2');
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await expect(from).toHaveAccessibleDescription(
      'Bands overlap: each band must start at or after the end of the one before (grams)',
    );
    await expect(page.getByRole('alert').filter({ hasText: 'Shipping was not saved' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Shipping saved' })).toHaveCount(0);

    await page.reload();
    await bandValues(zoneNamed(page, name).getByRole('table', { name: /^Weight bands/ })).toEqual([
      '0',
      '1000',
      '4.90',
      '1000',
      '',
      '9.90',
    ]);
  } finally {
    await removeZone(request, name);
  }
  const after = (await adminCall(request, 'GET', 'shipping')) as { zones: Json[] };
  expect(after.zones.some((zone) => zone.name === name)).toBe(false);
});
