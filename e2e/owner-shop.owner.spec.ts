import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { adminCall, adminSignIn, noSeriousViolations } from './support/admin.ts';
import { ADDRESS, guestEmail } from './support/checkout.ts';
import { deliveredMailsTo, hydrated } from './support/session.ts';

// An owner makes the shop theirs, from a first start with SEED=none (docs/product.md): a store name,
// contact details, colours and a logo, their categories "Candles › Pillar, Taper", bank details for
// invoices, a product with tags. A shopper then meets that shop and nothing of the demo — in the menu,
// the listing's filter, the home page, the footer, the sitemap, the product's JSON-LD and the mails.
// The owner's shop is a server of its own (playwright.config.ts `owner-shop`); this file runs in order.
test.describe.configure({ mode: 'serial' });

const STORE = 'Candle Corner';
const CONTACT = 'hello@candle-corner.example';
/** What the demo's shop shows and this one must not. */
const DEMO_WORDS = [
  'Electronics',
  'Fashion',
  'Home & Garden',
  'Sports & Outdoors',
  'Books & Media',
  'Special Offers',
  'Up to 50%',
  'Trending Now',
  '(555) 123-4567',
  'support@shop.example',
  'PayPal',
  'Mastercard',
  'Investors',
];

async function expectNoDemo(page: Page) {
  const text = await page.locator('body').innerText();
  for (const word of DEMO_WORDS) expect(text, word).not.toContain(word);
}

test('the owner sets the shop up from the checklist: profile, colours, logo, bank details, categories', async ({
  page,
}) => {
  await adminSignIn(page);
  const checklist = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Set up your shop' }) });
  await expect(checklist).toContainText('0 of 6 done');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Payments' })).toContainText(
    'pay later stays off until then',
  );
  await noSeriousViolations(page, '/admin (checklist)');

  await checklist.getByRole('link', { name: 'Set up contact details' }).click();
  await expect(page.getByLabel('Store name')).toBeVisible();
  await page.getByLabel('Store name').fill(STORE);
  await page.getByLabel('Contact e-mail').fill(CONTACT);
  await page.getByLabel('Phone', { exact: true }).fill('+44 117 496 0123');
  await page.getByLabel('Primary colour', { exact: true }).fill('#7c2d12');
  await page.getByLabel('Accent colour', { exact: true }).fill('#9a3412');
  await page.getByRole('button', { name: 'Save store profile' }).click();
  await expect(page.getByText('Store profile saved')).toBeVisible();

  const logo = await sharp({ create: { width: 480, height: 160, channels: 4, background: '#7c2d12' } })
    .png()
    .toBuffer();
  await page.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByText('Logo saved')).toBeVisible();

  const bank = page.getByRole('form', { name: 'Bank details for invoices' });
  await bank.getByLabel('Account holder', { exact: true }).fill('Candle Corner Ltd');
  await bank.getByLabel('Account number (IBAN)', { exact: true }).fill('GB33 BUKB 2020 1555 5555 55');
  await bank.getByLabel('Legal name', { exact: true }).fill('Candle Corner Trading Ltd');
  await bank.getByRole('button', { name: 'Save bank details for invoices' }).click();
  await expect(page.getByText('Bank details saved')).toBeVisible();

  await page.goto('/admin/categories');
  await page.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await dialog.getByLabel('Name').fill('Candles');
  await dialog.getByRole('button', { name: 'Create category' }).click();
  await expect(page.getByText('Created Candles')).toBeVisible();
  for (const sub of ['Pillar', 'Taper']) {
    await page.getByRole('button', { name: 'Add a subcategory to Candles' }).click();
    const subDialog = page.getByRole('dialog', { name: 'New subcategory of Candles' });
    await subDialog.getByLabel('Name').fill(sub);
    await subDialog.getByRole('button', { name: 'Add subcategory' }).click();
    await expect(page.getByRole('list', { name: 'Subcategories of Candles' }).getByText(sub)).toBeVisible();
  }

  await page.goto('/admin');
  // Saving Settings reviewed the shipping rates too; the legal pages are still the placeholders.
  await expect(checklist).toContainText('5 of 6 done');
  await expect(checklist.getByRole('link', { name: 'Set up legal pages' })).toBeVisible();
  for (const done of ['Store name and logo', 'Contact details', 'Categories', 'Payments', 'Shipping rates']) {
    await expect(checklist.getByRole('listitem').filter({ hasText: done })).toContainText('(done)');
  }
});

test('a shopper meets that shop and nothing of the demo: header, menu, filter, home, footer, sitemap, JSON-LD, mails', async ({
  page,
  request,
}) => {
  const product = await adminCall(request, 'POST', 'products', {
    name: 'Beeswax Pillar',
    category: 'candles',
    regular_price: 24,
    description: 'Poured by hand.\n\nBurns for forty hours.',
    tags: ['gift'],
    published: true,
    available: 12,
  });

  await page.goto('/');
  await hydrated(page);
  await expect(page).toHaveTitle(new RegExp(STORE));
  await expect(page.getByRole('banner').getByRole('img', { name: STORE })).toBeVisible();
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /\/icon-32\.png$/);
  // The owner's colour paints the buttons.
  const signUp = page.getByRole('banner').getByRole('button', { name: 'Sign Up' });
  await expect(signUp).toHaveCSS('background-color', 'rgb(124, 45, 18)');
  await expectNoDemo(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Categories' }).hover();
  const menu = page.getByTestId('category-menu');
  await expect(menu.getByRole('navigation', { name: 'Categories' }).getByRole('link')).toHaveText([
    'Candles',
    'View All Categories',
  ]);
  const active = page.getByTestId('category-menu-active');
  await expect(active.getByRole('link', { name: /^Pillar/ })).toBeVisible();
  await expect(active.getByRole('link', { name: /^Taper/ })).toBeVisible();
  await expect(menu.getByText(/off on|Limited time|Special Offers|Trending Now/)).toHaveCount(0);

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: CONTACT })).toBeVisible();
  await expect(footer.getByRole('list', { name: 'Payment methods' }).getByRole('listitem')).toHaveText(['IInvoice']);
  await expect(footer.getByRole('navigation')).toHaveCount(0);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${STORE}`);

  await page.goto('/products?tag=gift');
  await expect(page.getByRole('link', { name: /Beeswax Pillar/ }).first()).toBeVisible();
  const filter = page.getByRole('combobox', { name: 'Category' });
  await expect(filter.locator('option')).toHaveText(['All categories', 'Candles']);
  await expectNoDemo(page);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/products/category/candles');
  expect(sitemap).toContain(`/products/${product.slug}`);
  for (const demo of ['electronics', 'fashion', 'books']) expect(sitemap).not.toContain(demo);

  await page.goto(`/products/${product.slug}`);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({ '@type': 'Product', name: 'Beeswax Pillar' });
  expect(JSON.stringify(jsonLd)).not.toMatch(/Electronics|Fashion|demo/i);
  await expectNoDemo(page);
  await noSeriousViolations(page, `/products/${product.slug}`);

  // An order paid by invoice: the confirmation comes from the shop, with its logo.
  const email = guestEmail('owner-shop');
  const order = await request.post('/api/orders', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      email,
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address: ADDRESS,
      shipping_method: 'standard',
      payment: { method: 'pay_later' },
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  await expect.poll(async () => (await deliveredMailsTo(request, email)).length, { timeout: 20_000 }).toBe(1);
  const [mail] = await deliveredMailsTo(request, email);
  expect(mail?.from.name).toBe(STORE);
  expect(mail?.text).toContain(STORE);
  expect(mail?.html).toMatch(/<img src="[^"]+\/logo\.png" alt="Candle Corner"/);
  for (const word of DEMO_WORDS) expect(mail?.text, word).not.toContain(word);
});
