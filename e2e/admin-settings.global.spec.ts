import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { adminCall, adminSignIn, type Json, noSeriousViolations } from './support/admin.ts';

// Admin Settings change what every shopper sees — the footer's store profile, a
// footer page, and maintenance mode (the storefront answers 503 'Under Maintenance' while the admin
// area keeps working). Shop-wide: it runs after the other specs, alone, and restores every setting.

let originalSettings: Json;
let originalPress: Json;
test.beforeAll(async ({ request }) => {
  originalSettings = await adminCall(request, 'GET', 'settings');
  const pages = (await adminCall(request, 'GET', 'content-pages')).items as Json[];
  originalPress = pages.find((p) => p.slug === 'press') as Json;
});
test.afterAll(async ({ request }) => {
  // Whatever happened above, the shop leaves this spec as it found it.
  await adminCall(request, 'PUT', 'settings', originalSettings);
  const { title, description, body } = originalPress;
  await adminCall(request, 'PUT', 'content-pages/press', { title, description, body });
});

async function openSettings(page: Page) {
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Store name')).toBeVisible();
}

test('the store profile edited in Settings shows in the storefront footer', async ({ page }) => {
  const name = `Harbour ${randomUUID().slice(0, 4)}`;
  await adminSignIn(page);
  await openSettings(page);
  await noSeriousViolations(page, '/admin/settings');
  // How long an unpaid guest pay-later order holds its items.
  await expect(page.getByLabel('Unpaid guest orders cancelled after (hours)')).toHaveValue(
    String(originalSettings.guest_hold_hours),
  );

  await page.getByLabel('Contact e-mail').fill('not-an-email');
  await page.getByRole('button', { name: 'Save store profile' }).click();
  await expect(page.getByRole('form', { name: 'Store profile' }).getByRole('alert')).toHaveText(
    'Contact e-mail must be a valid e-mail address',
  );
  await page.getByLabel('Store name').fill(name);
  await page.getByLabel('Contact e-mail').fill('ahoy@harbour.example');
  await page.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0000');
  await page.getByLabel('Facebook link').fill('https://facebook.com/harbour');
  await page.getByRole('button', { name: 'Save store profile' }).click();
  await expect(page.getByText('Store profile saved')).toBeVisible();

  const response = await page.goto('/');
  // Rendered on the server: the profile is in the HTML itself.
  expect(await response?.text()).toContain(name);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(name, { exact: true })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'ahoy@harbour.example' })).toHaveAttribute(
    'href',
    'mailto:ahoy@harbour.example',
  );
  await expect(footer.getByRole('link', { name: '+44 20 7946 0000' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://facebook.com/harbour');
  await expect(footer.getByText(`${name}. All rights reserved.`)).toBeVisible();

  // A shop of its own: no phone, its hours, one social profile, and the payment methods it takes — not
  // the demo's placeholders and its V, M, P (PayPal is nothing this shop takes).
  await openSettings(page);
  await expect(page.getByTestId('payment-badges-status')).toContainText('Visa, Mastercard, PayPal');
  await page.getByLabel('Phone', { exact: true }).fill('');
  await page.getByLabel('Opening hours').fill('Tuesday to Saturday, 10:00–17:00');
  for (const network of ['Facebook', 'X (Twitter)', 'Instagram', 'YouTube']) {
    await page.getByLabel(`${network} link`).fill('');
  }
  await page.getByLabel('Instagram link').fill('https://instagram.com/harbour');
  await page.getByLabel('Show the payment methods this shop takes instead').check();
  await page.getByRole('button', { name: 'Save store profile' }).click();
  await expect(page.getByText('Store profile saved')).toBeVisible();
  await expect(page.getByTestId('payment-badges-status')).toHaveText(
    'Under “We accept” the footer shows the payment methods this shop takes.',
  );

  await page.goto('/');
  await expect(footer.getByText('Tuesday to Saturday, 10:00–17:00')).toBeVisible();
  await expect(footer).not.toContainText('555');
  await expect(footer.getByRole('link', { name: /^(Facebook|X|YouTube)$/ })).toHaveCount(0);
  await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    'https://instagram.com/harbour',
  );
  await expect(footer.getByRole('list', { name: 'Payment methods' }).getByRole('listitem')).toHaveText([
    'VVisa',
    'MMastercard',
    'AAmerican Express',
    'IInvoice',
  ]);
});

test('brand colours: a pair below WCAG AA is refused with its ratio; a passing one paints the storefront', async ({
  page,
}) => {
  await adminSignIn(page);
  await openSettings(page);
  // type=color inputs take #rrggbb as typed.
  await page.getByLabel('Primary colour', { exact: true }).fill('#777777');
  await page.getByRole('button', { name: 'Save store profile' }).click();
  await expect(page.getByRole('form', { name: 'Store profile' }).getByRole('alert')).toHaveText(
    'Text on the primary colour has a contrast of 4.47:1; WCAG AA needs at least 4.5:1',
  );
  await page.getByLabel('Primary colour', { exact: true }).fill('#1d4ed8');
  await page.getByLabel('Accent colour', { exact: true }).fill('#15803d');
  await page.getByRole('button', { name: 'Save store profile' }).click();
  await expect(page.getByText('Store profile saved')).toBeVisible();
  await noSeriousViolations(page, '/admin/settings with brand colours');

  await page.context().clearCookies();
  await page.goto('/');
  const signUp = page.getByRole('banner').getByRole('button', { name: 'Sign Up' });
  await expect(signUp).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  await expect(signUp).toHaveCSS('color', 'rgb(255, 255, 255)');
  await page.goto('/products?sort=price-low');
  await expect(page.getByText(/^-\d+%$/).first()).toHaveCSS('background-color', 'rgb(21, 128, 61)');
});

test('maintenance mode: the storefront answers 503 Under Maintenance while the admin area works; off → 200', async ({
  page,
  request,
}) => {
  await adminSignIn(page);
  await openSettings(page);
  const toggle = page.getByRole('switch', { name: 'Maintenance mode' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  const confirm = page.getByRole('dialog', { name: 'Turn on maintenance mode?' });
  await confirm.getByRole('button', { name: 'Turn maintenance on' }).click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  const home = await request.get('/');
  expect(home.status()).toBe(503);
  expect(await home.text()).toContain('Under Maintenance');
  const shopper = await page.context().newPage();
  const products = await shopper.goto('/products');
  expect(products?.status()).toBe(503);
  await expect(shopper.getByRole('heading', { name: 'Under Maintenance' })).toBeVisible();
  await noSeriousViolations(shopper, 'maintenance page');
  const add = await request.post('/api/contact', {
    data: { email: 'x@e2e.test', inquiry_type: 'general', subject: 'Hi', message: 'Hello' },
  });
  expect(add.status()).toBe(503);

  // The admin area and its API keep working.
  await page.goto('/admin/audit-log');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await page.getByLabel('Action').fill('maintenance.on');
  await expect(page.getByRole('row').filter({ hasText: 'maintenance.on' }).first()).toBeVisible();

  await openSettings(page);
  await page.getByRole('switch', { name: 'Maintenance mode' }).click();
  await page
    .getByRole('dialog', { name: 'Open the storefront again?' })
    .getByRole('button', { name: 'Turn maintenance off' })
    .click();
  await expect(page.getByRole('switch', { name: 'Maintenance mode' })).toHaveAttribute('aria-checked', 'false');
  expect((await request.get('/')).status()).toBe(200);
  const back = await shopper.goto('/products');
  expect(back?.status()).toBe(200);
  await expect(shopper.getByRole('heading', { name: 'Under Maintenance' })).toHaveCount(0);
});

test('a footer page edited in Settings shows at once; staff are told only admins change settings', async ({
  page,
  browser,
}) => {
  const line = `Press enquiries: press-${randomUUID().slice(0, 6)}@shop.example`;
  await adminSignIn(page);
  await openSettings(page);
  await page.getByLabel('Page', { exact: true }).selectOption('press');
  const body = page.getByRole('textbox', { name: 'Body', exact: true });
  await expect(body).not.toBeEmpty();
  await body.fill(line);
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Saved Press')).toBeVisible();
  const shopper = await page.context().newPage();
  await shopper.goto('/press');
  await expect(shopper.getByText(line)).toBeVisible();

  // A new staff account, made in the Staff accounts section, cannot change settings.
  const tag = randomUUID().slice(0, 6);
  const staff = { email: `staff-${tag}@e2e.test`, password: 'Staff-Passw0rd' };
  await page.getByRole('button', { name: 'Add staff' }).click();
  const add = page.getByRole('dialog', { name: 'Add a staff account' });
  await add.getByLabel('E-mail').fill(staff.email);
  await add.getByLabel('Username').fill(`staff${tag}`);
  await add.getByLabel('First name').fill('Sam');
  await add.getByLabel('Last name').fill('Staff');
  await add.getByLabel('Password').fill(staff.password);
  await add.getByRole('button', { name: 'Add account' }).click();
  await expect(add).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: staff.email })).toContainText('Staff');

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const staffPage = await context.newPage();
  await adminSignIn(staffPage, staff);
  await expect(
    staffPage.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Settings' }),
  ).toHaveCount(0);
  await staffPage.goto('/admin/settings');
  await expect(staffPage.getByRole('alert')).toContainText('Only admins can change settings');
  await context.close();
});
