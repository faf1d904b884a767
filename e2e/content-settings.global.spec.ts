import { expect, type Page, test } from '@playwright/test';
import { CONTENT_PAGES } from '../apps/web/app/routes.ts';
import { adminCall, adminSignIn, type Json } from './support/admin.ts';

// The policy pages quote checkout's figures from the store settings, so a shipping price changed in
// Settings › Shipping or the tax rate changed in admin Settings shows on every page at once. The shipping
// placeholders read the first zone with a method of that code (docs/adr/048-shipping-zones.md). Point 13:
// "Last updated" is a real staff edit.
// Shop-wide (it changes settings): runs after the other specs, alone, and restores what it changed.

let originalSettings: Json;
let originalShipping: Json;
let originalCookies: Json;
test.beforeAll(async ({ request }) => {
  originalSettings = await adminCall(request, 'GET', 'settings');
  originalShipping = await adminCall(request, 'GET', 'shipping');
  const pages = (await adminCall(request, 'GET', 'content-pages')).items as Json[];
  originalCookies = pages.find((p) => p.slug === 'cookies') as Json;
});
test.afterAll(async ({ request }) => {
  await adminCall(request, 'PUT', 'settings', originalSettings);
  await adminCall(request, 'PUT', 'shipping', originalShipping);
  const { title, description, body } = originalCookies;
  await adminCall(request, 'PUT', 'content-pages/cookies', { title, description, body });
});

const main = (page: Page) => page.getByRole('main');

interface Method {
  code: string;
  name: string;
  rate: { kind: string };
}

/** The editor's group of the first zone's method of `code` (what the placeholders read), and its rate kind. */
function methodGroup(page: Page, code: string) {
  const zones = originalShipping.zones as { name: string; methods: Method[] }[];
  const z = zones.findIndex((zone) => zone.methods.some((m) => m.code === code));
  const zone = zones[z];
  const m = zone?.methods.findIndex((method) => method.code === code) ?? -1;
  const method = zone?.methods[m];
  if (!zone || !method) throw new Error(`no zone has a method ${code}`);
  const group = page
    .getByRole('group', { name: `Zone ${z + 1}: ${zone.name}`, exact: true })
    .getByRole('group', { name: `Method ${m + 1}: ${method.name}`, exact: true });
  return { group, flat: method.rate.kind === 'flat' };
}

/** Where the standard method's price is typed: a flat rate's Price, or a table's first band (its lowest). */
const standardIsFlat = () => {
  const zones = originalShipping.zones as { methods: Method[] }[];
  return zones.flatMap((z) => z.methods).find((m) => m.code === 'standard')?.rate.kind === 'flat';
};

/** Sets the standard and express prices in Settings › Shipping and the tax rate in admin Settings, as an owner would. */
async function setShippingAndTax(
  page: Page,
  f: { standard: string; free: string; express: string; tax: string; delivery: string },
) {
  await page.goto('/admin/settings/shipping');
  const standard = methodGroup(page, 'standard');
  await standard.group.getByLabel(standard.flat ? 'Price ($)' : 'Price ($), band 1', { exact: true }).fill(f.standard);
  await standard.group.getByLabel('Free shipping over ($) (optional)').fill(f.free);
  await standard.group.getByLabel('Delivery estimate (optional)').fill(f.delivery);
  const express = methodGroup(page, 'express');
  await express.group.getByLabel(express.flat ? 'Price ($)' : 'Price ($), band 1', { exact: true }).fill(f.express);
  await page.getByRole('button', { name: 'Save shipping' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Shipping saved' })).toBeVisible();

  await page.goto('/admin/settings');
  const tax = page.getByRole('form', { name: 'Tax' });
  await tax.getByLabel('Tax rate (%)').fill(f.tax);
  await tax.getByRole('button', { name: 'Save tax' }).click();
  await expect(page.getByText('Tax saved')).toBeVisible();
}

/** A rate table's price is its lowest band's: the pages say "from $6.75". */
const from = () => (standardIsFlat() ? '' : 'from ');

/** What the policy pages must now say, and what they said before (never again). */
async function expectPagesFollow(
  page: Page,
  says: { standard: string; express: string; tax: string; delivery: string },
  old: RegExp,
) {
  await page.goto('/shipping');
  const shipping = main(page);
  await expect(shipping.getByRole('listitem').filter({ hasText: 'Standard shipping' })).toHaveText(
    `Standard shipping: ${says.delivery}, ${from()}${says.standard}.`,
  );
  await expect(shipping.getByRole('listitem').filter({ hasText: 'Express shipping' })).toHaveText(
    `Express shipping: 1–2 business days, ${says.express}.`,
  );
  await expect(shipping.getByText(says.tax)).toBeVisible();

  await page.goto('/help');
  const costs = main(page).locator('details').filter({ hasText: 'How much does shipping cost?' });
  await costs.locator('summary').click();
  await expect(costs).toContainText(`Standard shipping: ${from()}${says.standard}. Express shipping: ${says.express}.`);
  const tax = main(page).locator('details').filter({ hasText: 'Is tax included in the prices?' });
  await tax.locator('summary').click();
  await expect(tax.getByText(says.tax)).toBeVisible();

  await page.goto('/faq');
  await expect(main(page)).toContainText(`Standard shipping: ${says.delivery}. Express shipping: 1–2 business days.`);
  await expect(main(page).getByText(says.tax)).toBeVisible();
  await expect(main(page).getByText(/do you ship internationally/i)).toBeVisible();
  await expect(main(page)).not.toContainText(/within the country only/i);

  await page.goto('/terms');
  await expect(main(page).getByText(says.tax)).toBeVisible();
  await expect(main(page)).not.toContainText(/include[sd]? (applicable )?tax/i);

  for (const path of ['/shipping', '/help', '/faq', '/terms']) {
    await page.goto(path);
    await expect(main(page), path).not.toContainText(old);
    await expect(main(page), path).not.toContainText('{{');
    // Phones too: the figures wrap, the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
  }
}

for (const [label, viewport, change] of [
  [
    'desktop 1366 px',
    { width: 1366, height: 900 },
    {
      form: { standard: '6.75', free: '75', express: '16.25', tax: '5.5', delivery: '2–4 business days' },
      says: {
        delivery: '2–4 business days',
        standard: '$6.75, free on orders of $75.00 or more after discounts',
        express: '$16.25',
        tax: 'Prices are shown without sales tax: 5.5% sales tax is added at checkout, on the goods and the shipping.',
      },
    },
  ],
  [
    'phone 390 px',
    { width: 390, height: 844 },
    {
      form: { standard: '8.4', free: '', express: '21', tax: '0', delivery: '3 business days' },
      says: {
        delivery: '3 business days',
        standard: '$8.40',
        express: '$21.00',
        tax: 'No sales tax is added at checkout.',
      },
    },
  ],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test('a shipping price changed in Settings › Shipping and the tax rate in Settings show on every policy page', async ({
      page,
      request,
    }) => {
      // Before: every content page is served with its figures filled in, none as a raw placeholder.
      for (const slug of CONTENT_PAGES) {
        const api = await (await request.get(`/api/pages/${slug}`)).json();
        expect(`${api.title}${api.description}${api.body}`, slug).not.toContain('{{');
      }
      await adminSignIn(page);
      await setShippingAndTax(page, change.form);
      // The figures of the seed, and of the other viewport's run, are gone everywhere.
      await expectPagesFollow(
        page,
        change.says,
        /\$5\.99|\$14\.99|\b8%|\$4\.99|\$12\.99|3 to 5 business days|5–7 business days/,
      );
    });
  });
}

test('the page editor lists the placeholders and refuses an unknown one', async ({ page }) => {
  await adminSignIn(page);
  await page.goto('/admin/settings');
  await page.getByLabel('Page', { exact: true }).selectOption('shipping');
  const editor = page.getByRole('form', { name: 'Edit the Shipping information page' });
  const body = editor.getByRole('textbox', { name: 'Body', exact: true });
  await expect(body).toContainText('{{shipping.standard.cost}}');
  await editor.getByText('Placeholders for figures from Settings').click();
  const listed = editor.getByRole('group').filter({ hasText: 'Placeholders for figures from Settings' });
  await expect(listed.getByText('{{shipping.standard.price}}', { exact: true })).toBeVisible();
  await expect(listed.getByText('{{tax.policy}}', { exact: true })).toBeVisible();
  await expect(editor.getByText(/^Not edited since the shop was installed/)).toBeVisible();

  await body.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Returns cost {{shipping.return.price}}.');
  await editor.getByRole('button', { name: 'Save page' }).click();
  await expect(editor.getByRole('alert')).toContainText('Unknown placeholder {{shipping.return.price}}');
});

test('"Last updated" shows only once staff changed a page, with the day of that change', async ({ page }) => {
  // Seeded and never edited: no date that would only be the day the shop was installed.
  await page.goto('/cookies');
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Cookie policy');
  await expect(main(page).getByText(/^Last updated/)).toHaveCount(0);

  await adminSignIn(page);
  await page.goto('/admin/settings');
  await page.getByLabel('Page', { exact: true }).selectOption('cookies');
  const editor = page.getByRole('form', { name: 'Edit the Cookie policy page' });
  await editor.getByRole('textbox', { name: 'Body', exact: true }).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('We checked this policy again.');
  await editor.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Saved Cookie policy')).toBeVisible();
  await expect(editor.getByText(/^Last edited /)).toBeVisible();

  await page.goto('/cookies');
  const today = new Date().toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  await expect(main(page).getByText(/^Last updated/)).toHaveText(`Last updated ${today}`);
  // The sitemap dates the edited page, and no page that was never edited.
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/\/cookies<\/loc><lastmod>\d{4}-/);
  expect(sitemap).toMatch(/\/privacy<\/loc><\/url>/);
});
