import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminSignIn, noSeriousViolations } from './support/admin.ts';
import { adminAccount, apiLogin, hydrated } from './support/session.ts';

// The owner's categories: created and filled in admin Categories, they are what the storefront's category
// menu shows — and its panel shows an offer or a badge only when the owner wrote one. Shop-wide: it adds a
// category to the menu and changes the Books & Media panel, and puts both back afterwards.

interface Offer {
  title: string;
  text: string;
  link: string | null;
}
interface PanelContent {
  offer: Offer | null;
  badge: string | null;
}

const name = `Candles ${randomBytes(3).toString('hex')}`;
let created: string | undefined;
let books: PanelContent | undefined;

async function admin(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const { access } = await apiLogin(request, adminAccount);
  const res = await request.fetch(`/api/admin/${path}`, {
    method,
    headers: { authorization: `Bearer ${access}` },
    ...(data ? { data } : {}),
  });
  expect([200, 201, 204], await res.text()).toContain(res.status());
  return res.status() === 204 ? undefined : res.json();
}

test.beforeAll(async ({ request }) => {
  const list = (await admin(request, 'GET', 'categories')) as { items: ({ id: string } & PanelContent)[] };
  const found = list.items.find((c) => c.id === 'books');
  if (!found) throw new Error('the demo has no books category');
  books = { offer: found.offer, badge: found.badge };
});
test.afterAll(async ({ request }) => {
  if (created) await admin(request, 'DELETE', `categories/${created}`);
  if (books) await admin(request, 'PATCH', 'categories/books', books);
});

const menu = (page: Page) => page.getByTestId('category-menu');
// The second test goes on with the category the first one made.
test.describe.configure({ mode: 'serial' });

/** Opens the storefront's category menu on `category`. */
async function openMenuOn(page: Page, category: string) {
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Categories' }).hover();
  const nav = menu(page).getByRole('navigation', { name: 'Categories' });
  await nav.getByRole('link', { name: category, exact: true }).hover();
  await expect(page.getByTestId('category-menu-active').getByRole('heading', { name: category })).toBeVisible();
}

test('an owner’s new category is in the menu with its subcategories, and a panel shows no promotion the owner did not write', async ({
  page,
}) => {
  await adminSignIn(page);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Books & Media', level: 2 })).toBeVisible();
  await noSeriousViolations(page, 'admin categories');

  // A new category, no offer, with two subcategories.
  await page.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Icon').fill('Flame');
  await dialog
    .getByLabel('Description', { exact: true })
    .fill('Poured by hand in small batches.\n\nEach one burns for forty hours.');
  await dialog.getByLabel('Search title').fill('Hand-poured candles');
  await dialog.getByLabel('Search description').fill('Candles poured by hand in small batches.');
  await noSeriousViolations(page, 'admin new category dialog');
  await dialog.getByRole('button', { name: 'Create category' }).click();
  await expect(page.getByText(`Created ${name}`)).toBeVisible();
  created = name.toLowerCase().replace(' ', '-');
  for (const sub of ['Pillar', 'Taper']) {
    await page.getByRole('button', { name: `Add a subcategory to ${name}` }).click();
    const subDialog = page.getByRole('dialog', { name: `New subcategory of ${name}` });
    await subDialog.getByLabel('Name').fill(sub);
    await subDialog.getByRole('button', { name: 'Add subcategory' }).click();
    await expect(page.getByRole('list', { name: `Subcategories of ${name}` }).getByText(sub)).toBeVisible();
  }

  // Books & Media: the demo's offer and badge turned off.
  await page.getByRole('button', { name: 'Edit Books & Media' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Books & Media' });
  await expect(edit.getByLabel('Offer text')).toHaveValue('Up to 50% off on Books & Media - Limited time!');
  await edit.getByLabel('Show an offer box').uncheck();
  await edit.getByLabel('Badge beside the featured products').fill('');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved Books & Media')).toBeVisible();

  // A shopper sees the owner's category and subcategories, and no offer anywhere the owner wrote none.
  await openMenuOn(page, name);
  // The home page's category tiles list it (its hero's words are the demo's seeded section, ADR 043).
  await expect(
    page
      .getByRole('main')
      .getByRole('region', { name: 'Shop by category' })
      .getByRole('link', { name: new RegExp(name) }),
  ).toBeVisible();
  const active = page.getByTestId('category-menu-active');
  await expect(active.getByRole('link', { name: 'Pillar 0 items' })).toHaveAttribute(
    'href',
    `/products?category=${created}&subcategory=pillar`,
  );
  await expect(active.getByRole('link', { name: 'Taper 0 items' })).toBeVisible();
  await expect(menu(page).getByText(/off on|Limited time|Special Offers/)).toHaveCount(0);
  await menu(page).getByRole('navigation', { name: 'Categories' }).getByRole('link', { name }).click();
  await expect(page).toHaveURL(`/products?category=${created}`);
  // The listing's category filter lists it, by its name, after the demo's own.
  await page.goto('/products');
  const filter = page.getByRole('combobox', { name: 'Category' });
  await expect(filter.locator(`option[value="${created}"]`)).toHaveText(name);
  await filter.selectOption(created);
  await expect(page).toHaveURL(`/products?category=${created}`);
  await page.goto(`/products/category/${created}`);
  await expect(page.getByTestId('category-description').getByRole('paragraph')).toHaveText([
    'Poured by hand in small batches.',
    'Each one burns for forty hours.',
  ]);
  // The owner's words for search engines head the page.
  await expect(page).toHaveTitle(/^Hand-poured candles/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Candles poured by hand in small batches.',
  );
  await openMenuOn(page, name);

  await menu(page).getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Books & Media' }).hover();
  await expect(active.getByRole('heading', { name: 'Books & Media' })).toBeVisible();
  await expect(menu(page).getByText(/off on|Limited time|Special Offers/)).toHaveCount(0);
  await expect(menu(page).getByText('Trending Now')).toHaveCount(0);

  // Another category keeps the demo's offer.
  await menu(page).getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Electronics' }).hover();
  await expect(menu(page).getByText('Up to 50% off on Electronics - Limited time!')).toBeVisible();
});

test('an offer the owner writes shows in the menu as a link; a new address keeps the old one working; a category with products is deleted only by moving them', async ({
  page,
  request,
}) => {
  const former = created as string;
  const category = `${former}-shop`;
  await adminSignIn(page);
  await page.goto('/admin/categories');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByLabel('Show an offer box').check();
  await edit.getByLabel('Offer title').fill('Winter sale');
  await edit.getByLabel('Offer text').fill('Pillar candles at 20% less until Sunday');
  await edit.getByLabel('Offer link').fill('javascript:alert(1)');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('alert')).toHaveText(
    'the offer link must be a path of this shop (starting with /) or an https:// address',
  );
  await edit.getByLabel('Offer link').fill('/products?sort=newest');
  await edit.getByLabel('Address').fill(category);
  await edit.getByLabel('Other names in links').fill(`${category}-alias`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Saved ${name}`)).toBeVisible();
  created = category;
  // A link or bookmark to the old address leads to the category's page at its new one.
  await page.goto(`/products/category/${former}`);
  await expect(page).toHaveURL(new RegExp(`/products/category/${category}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goto(`/products/category/${category}-alias`);
  await expect(page).toHaveURL(new RegExp(`/products/category/${category}$`));

  await openMenuOn(page, name);
  const offer = menu(page).getByRole('link', { name: /Winter sale/ });
  await expect(offer).toHaveAttribute('href', '/products?sort=newest');
  await expect(offer).toContainText('Pillar candles at 20% less until Sunday');

  // Order and subcategories: one place up in the menu, a subcategory renamed, another deleted.
  await page.goto('/admin/categories');
  await page.getByRole('button', { name: `Move ${name} up` }).click();
  const headings = page.getByRole('list', { name: 'Categories in menu order' }).getByRole('heading', { level: 2 });
  await expect(headings.nth(-2)).toHaveText(name);
  await expect(headings.last()).toHaveText('Books & Media');
  await page.getByRole('button', { name: 'Edit Taper' }).click();
  const subEdit = page.getByRole('dialog', { name: 'Edit Taper' });
  await subEdit.getByLabel('Name').fill('Taper Candles');
  await subEdit.getByRole('button', { name: 'Save changes' }).click();
  page.once('dialog', (confirm) => void confirm.accept());
  await page.getByRole('button', { name: 'Delete Pillar' }).click();
  const subs = page.getByRole('list', { name: `Subcategories of ${name}` });
  await expect(subs.getByRole('listitem')).toHaveCount(1);
  await expect(subs).toContainText('Taper Candles');
  await openMenuOn(page, name);
  const entries = menu(page).getByRole('navigation', { name: 'Categories' }).getByRole('listitem');
  await expect(entries.nth(-2)).toHaveText(name);
  await expect(entries.last()).toHaveText('Books & Media');
  const panel = page.getByTestId('category-menu-active');
  await expect(panel.getByRole('link', { name: 'Taper Candles 0 items' })).toBeVisible();
  await expect(panel.getByRole('link', { name: /Pillar \d+ items/ })).toHaveCount(0);

  // Hidden from the shop: gone from the menu, its page not found; the admin still lists it.
  await page.goto('/admin/categories');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const hide = page.getByRole('dialog', { name: `Edit ${name}` });
  await hide.getByLabel('Hidden from the shop').check();
  await hide.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Saved ${name}`)).toBeVisible();
  await expect(page.getByText(`/products/category/${category} · 0 products`)).toContainText('hidden from the shop');
  const hiddenPage = await page.goto(`/products/category/${category}`);
  expect(hiddenPage?.status()).toBe(404);
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Categories' }).hover();
  const shown = menu(page).getByRole('navigation', { name: 'Categories' });
  await expect(shown.getByRole('link', { name: 'Books & Media', exact: true })).toBeVisible();
  await expect(shown.getByRole('link', { name, exact: true })).toHaveCount(0);

  // A draft in the category: deleting it asks where the product goes, and moves it there.
  const product = (await admin(request, 'POST', 'products', {
    name: `Beeswax pillar ${randomBytes(3).toString('hex')}`,
    category,
    regular_price: 12,
    available: 3,
  })) as { id: string };
  await page.goto('/admin/categories');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const remove = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(remove).toContainText(`1 product is in ${name}.`);
  await remove.getByLabel('Move its products to').selectOption({ label: 'Books & Media' });
  await noSeriousViolations(page, 'admin delete category dialog');
  await remove.getByRole('button', { name: 'Move products and delete' }).click();
  await expect(page.getByText(`${name} deleted`)).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 2 })).toHaveCount(0);
  created = undefined;
  const moved = (await admin(request, 'GET', `products/${product.id}`)) as { category: string };
  // It stays there as a draft: the admin deletes no product, and a draft shows nowhere in the shop.
  expect(moved.category).toBe('books');
});
