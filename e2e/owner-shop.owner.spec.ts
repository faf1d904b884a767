import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { adminSignIn, noSeriousViolations } from './support/admin.ts';
import { ADDRESS, guestEmail } from './support/checkout.ts';
import { deliveredMailsTo, hydrated } from './support/session.ts';

// An owner makes the shop theirs, from a first start with SEED=none (docs/product.md): a store name,
// contact details, colours and a logo, their categories "Candles › Pillar, Taper" with a featured card,
// bank details for invoices, a product with tags and a formatted description, a home page with a hero, a
// rail and a text built in the editor. A shopper then meets that shop and nothing of the demo — in the
// menu, the listing's filter, the home page, the footer, the sitemap, the product's JSON-LD and the mails.
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

  // A featured card in the menu's panel: an uploaded picture, a label, a link to the owner's gifts.
  await page.getByRole('button', { name: 'Add a featured card to Candles' }).click();
  const cardDialog = page.getByRole('dialog', { name: 'New featured card of Candles' });
  await cardDialog.getByLabel('Label', { exact: true }).fill('Gift sets');
  const cardPicture = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer();
  await cardDialog
    .getByLabel('Upload a picture for card picture')
    .setInputFiles({ name: 'gift-sets.png', mimeType: 'image/png', buffer: cardPicture });
  await expect(cardDialog.getByLabel('Card picture', { exact: true })).toHaveValue(/^\/media\/uploads\//);
  await cardDialog.getByLabel('Link (optional)').fill('/products?tag=gift');
  await noSeriousViolations(page, 'featured card dialog');
  await cardDialog.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByText('Added Gift sets to Candles')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Featured cards of Candles' }).getByText('→ /products?tag=gift'),
  ).toBeVisible();

  // Shipping: the owner reviews the one zone every shop starts with, and saves it.
  await page.goto('/admin/settings/shipping');
  await page.getByRole('button', { name: 'Save shipping' }).click();
  await expect(page.getByText('Shipping saved')).toBeVisible();

  await page.goto('/admin');
  // The legal pages are still the placeholders.
  await expect(checklist).toContainText('5 of 6 done');
  await expect(checklist.getByRole('link', { name: 'Set up legal pages' })).toBeVisible();
  for (const done of ['Store name and logo', 'Contact details', 'Categories', 'Payments', 'Shipping rates']) {
    await expect(checklist.getByRole('listitem').filter({ hasText: done })).toContainText('(done)');
  }
});

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the owner adds a product with tags and a formatted description, and builds the home page with a hero, a rail and a text', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await adminSignIn(page);
  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'Add product' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Beeswax Pillar');
  const editor = page.getByRole('textbox', { name: 'Description', exact: true });
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await editor.click();
  await page.keyboard.type('Poured ');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('by hand');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Burns for forty hours');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Pure beeswax');
  await choose(page, 'Category', 'Candles');
  await choose(page, 'Subcategory', 'Pillar');
  await page.getByLabel('Regular price ($)').fill('24');
  const tags = page.getByRole('textbox', { name: 'Tags', exact: true });
  await tags.fill('gift');
  await tags.press('Enter');
  await page.getByLabel('Published (shown in the shop)').check();
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/view-product\/[0-9a-f-]{36}$/);
  await page.getByLabel('Change (units)').fill('12');
  await page.getByLabel('Reason').fill('First pour');
  await page.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(page.getByText(/12 of \S+ in stock\./)).toBeVisible();

  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Home page' }).click();
  const sections = page.getByRole('list', { name: 'Sections, top to bottom' });
  const preview = page.getByRole('region', { name: 'Preview' });
  // The neutral home is a hero naming the store and a rail of new arrivals: the owner rewrites the hero,
  // turns the rail into one of their tag, and adds a text.
  const hero = sections.getByRole('group', { name: 'Section 1: Hero' });
  await hero.getByLabel('Title').fill('Light for long evenings');
  await hero.getByLabel('Text', { exact: true }).fill('Candles poured by hand in Bristol.');
  const rail = sections.getByRole('group', { name: 'Section 2: Product rail' });
  await rail.getByLabel('Title').fill('Gifts');
  await rail.getByLabel('Shows').selectOption('tag');
  await rail.getByLabel('Tag', { exact: true }).fill('gift');
  await page.getByLabel('New section').selectOption('rich_text');
  await page.getByRole('button', { name: 'Add section' }).click();
  const text = sections.getByRole('group', { name: 'Section 3: Text' });
  const textEditor = text.getByRole('textbox', { name: 'Text', exact: true });
  await textEditor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Every candle is ');
  await text.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Italic' }).click();
  await page.keyboard.type('unscented');
  await expect(preview.getByRole('heading', { name: 'Light for long evenings' })).toBeVisible();
  await expect(
    preview.getByRole('region', { name: 'Gifts' }).getByRole('heading', { name: 'Beeswax Pillar' }),
  ).toBeVisible();
  // The preview draws the text as the server's sanitizer keeps it.
  await expect(preview.locator('.rich-text em')).toHaveText('unscented');
  await noSeriousViolations(page, 'admin home page (owner)');
  await page.getByRole('button', { name: 'Save home page' }).click();
  await expect(page.getByText('Home page saved')).toBeVisible();
});

test('a shopper meets that shop and nothing of the demo: header, menu, filter, home, footer, sitemap, JSON-LD, mails', async ({
  page,
  request,
}) => {
  const gifts = await (await request.get('/api/products?tag=gift')).json();
  expect(gifts.items.map((p: { name: string }) => p.name)).toEqual(['Beeswax Pillar']);
  const product = gifts.items[0] as { id: string; slug: string };

  await page.goto('/');
  await hydrated(page);
  await expect(page).toHaveTitle(new RegExp(STORE));
  // The owner's home page: their hero, their rail, their text.
  await expect(page.getByRole('heading', { name: 'Light for long evenings', level: 1 })).toBeVisible();
  const giftRail = page.getByRole('main').getByRole('region', { name: 'Gifts' });
  await expect(giftRail.getByRole('heading', { name: 'Beeswax Pillar' })).toBeVisible();
  await expect(giftRail.getByRole('link', { name: /View all/ })).toHaveAttribute('href', '/products?tag=gift');
  await expect(page.getByRole('main').locator('.rich-text em')).toHaveText('unscented');
  await noSeriousViolations(page, '/ (owner-built home)');
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
  const card = menu.getByRole('link', { name: 'Gift sets' });
  await expect(card).toHaveAttribute('href', '/products?tag=gift');
  await expect(card.locator('img')).toHaveAttribute('src', /^\/media\/uploads\//);

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
  await noSeriousViolations(page, '/products?tag=gift (owner)');

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/products/category/candles');
  expect(sitemap).toContain(`/products/${product.slug}`);
  for (const demo of ['electronics', 'fashion', 'books']) expect(sitemap).not.toContain(demo);

  await page.goto(`/products/${product.slug}`);
  const description = page.getByTestId('product-description');
  await expect(description.locator('strong')).toHaveText('by hand');
  await expect(description.locator('ul > li')).toHaveText(['Burns for forty hours', 'Pure beeswax']);
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
