import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { adminCall, adminSignIn, type Json, noSeriousViolations } from './support/admin.ts';

// The owner's identity (docs/adr/040-store-logo.md, 041-menus.md): a logo uploaded in Settings replaces
// the store's name in the header and the tab's icon; the header's extra links and the footer's columns are
// the owner's menus. Shop-wide: it runs after the other specs, alone, and restores what it changed.

let originalSettings: Json;
test.beforeAll(async ({ request }) => {
  originalSettings = await adminCall(request, 'GET', 'settings');
});
test.afterAll(async ({ request }) => {
  await adminCall(request, 'PUT', 'settings', originalSettings);
  await adminCall(request, 'DELETE', 'settings/logo');
});

test('a logo uploaded in Settings heads the storefront and becomes its icon; removed, the name is back', async ({
  page,
}) => {
  const logo = await sharp({ create: { width: 480, height: 160, channels: 4, background: '#7c2d12' } })
    .png()
    .toBuffer();
  await adminSignIn(page);
  await page.goto('/admin/settings');
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Logo', exact: true }) });
  await expect(page.getByTestId('no-logo')).toBeVisible();
  await noSeriousViolations(page, '/admin/settings');

  // Not a picture: refused in words, nothing kept.
  await page
    .getByLabel('Upload a logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('no') });
  await expect(section.getByRole('alert')).toContainText('The file is not a picture');
  await expect(page.getByTestId('no-logo')).toBeVisible();

  await page.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByText('Logo saved')).toBeVisible();
  await expect(page.getByRole('img', { name: 'The store’s logo' })).toBeVisible();

  await page.goto('/');
  const home = page.getByRole('banner').getByRole('link').first();
  const picture = home.getByRole('img', { name: String(originalSettings.store_name) });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toMatch(/\/icon-32\.png$/);
  expect((await page.request.get(icon ?? '')).headers()['content-type']).toBe('image/png');

  await page.goto('/admin/settings');
  await page.getByRole('button', { name: 'Remove the logo' }).click();
  await expect(page.getByText('Logo removed')).toBeVisible();
  await page.goto('/');
  await expect(
    page.getByRole('banner').getByRole('link', { name: String(originalSettings.store_name), exact: true }),
  ).toBeVisible();
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
});

test('the header’s and footer’s links are the owner’s menus, edited in Settings', async ({ page }) => {
  await adminSignIn(page);
  await page.goto('/admin/settings');
  const menus = page.getByRole('form', { name: 'Menus' });
  await expect(menus.getByLabel('Column 1: heading')).toHaveValue('Company');

  await menus.getByRole('button', { name: 'Add a header link' }).click();
  await menus.getByLabel('Header link 1: text').fill('Gift ideas');
  await menus.getByLabel('Header link 1: address').fill('javascript:alert(1)');
  await menus.getByRole('button', { name: 'Save menus' }).click();
  await expect(menus.getByRole('alert')).toContainText('must be a path of the shop');
  await menus.getByLabel('Header link 1: address').fill('/products?tag=gift');
  // The demo's three columns become one of the owner's.
  await menus.getByRole('button', { name: 'Remove column 3', exact: true }).click();
  await menus.getByRole('button', { name: 'Remove column 2', exact: true }).click();
  await menus.getByLabel('Column 1: heading').fill('Candles');
  for (let i = 5; i >= 2; i--)
    await menus.getByRole('button', { name: `Remove Column 1 link ${i}`, exact: true }).click();
  await menus.getByLabel('Column 1 link 1: text').fill('Care guide');
  await menus.getByLabel('Column 1 link 1: address').fill('/about');
  await menus.getByRole('button', { name: 'Save menus' }).click();
  await expect(page.getByText('Menus saved')).toBeVisible();
  await noSeriousViolations(page, '/admin/settings');

  await page.goto('/');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gift ideas' }),
  ).toHaveAttribute('href', '/products?tag=gift');
  const footer = page.getByRole('contentinfo');
  await expect(
    footer.getByRole('navigation', { name: 'Candles' }).getByRole('link', { name: 'Care guide' }),
  ).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Investors' })).toHaveCount(0);
  await expect(footer.getByRole('navigation', { name: 'Legal' })).toHaveCount(0);
  await noSeriousViolations(page, '/');
});
