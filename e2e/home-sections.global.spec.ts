import { expect, type Page, test } from '@playwright/test';
import { adminCall, adminSignIn, noSeriousViolations } from './support/admin.ts';
import { expectAccessible } from './support/axe.ts';
import { hydrated } from './support/session.ts';

// The owner's home page (docs/adr/043-home-page-sections.md): built in admin Home page from a hero and a
// product rail, previewed live before saving, and what shoppers see once saved. Shop-wide: it replaces
// the demo's home page, and puts it back afterwards.

let demo: { sections: unknown[] } | undefined;
test.beforeAll(async ({ request }) => {
  demo = { sections: (await adminCall(request, 'GET', 'home-page')).sections };
});
test.afterAll(async ({ request }) => {
  if (demo) await adminCall(request, 'PUT', 'home-page', demo);
});

const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });

test('the owner builds a home page from a hero and a category rail, sees it previewed, saves, and shoppers see it', async ({
  page,
  request,
}) => {
  const books = await (await request.get('/api/products?category=books&limit=8')).json();
  const firstBook = books.items[0].name as string;

  await adminSignIn(page);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Home page' }).click();
  await expect(page.getByRole('heading', { name: 'Home page', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Section 1: Hero' })).toBeVisible();
  await expect(preview(page).getByRole('heading', { name: 'Everything you need, in one shop' })).toBeVisible();
  await noSeriousViolations(page, 'admin home page');

  // Start from an empty page.
  const sections = page.getByRole('list', { name: 'Sections, top to bottom' });
  while ((await sections.getByRole('group').count()) > 0) {
    await page.getByRole('button', { name: /^Remove section 1 / }).click();
  }
  await expect(page.getByText('No sections: the home page is empty.')).toBeVisible();

  // A hero: the preview follows the typing, before anything is saved.
  await page.getByLabel('New section').selectOption('hero');
  await page.getByRole('button', { name: 'Add section' }).click();
  const hero = page.getByRole('group', { name: 'Section 1: Hero' });
  await hero.getByLabel('Title').fill('Stories for long evenings');
  await hero.getByLabel('Text', { exact: true }).fill('Novels, essays and poems, chosen by us.');
  await hero.getByRole('button', { name: 'Add a button' }).click();
  await hero.getByLabel('Button 1 label').fill('See the books');
  await hero.getByLabel('Button 1 link').fill('/products/category/books');
  await expect(preview(page).getByRole('heading', { name: 'Stories for long evenings' })).toBeVisible();
  await expect(preview(page).getByRole('link', { name: 'See the books' })).toBeVisible();

  // A rail of one category: its products come from the server once the typing pauses.
  await page.getByLabel('New section').selectOption('product_rail');
  await page.getByRole('button', { name: 'Add section' }).click();
  const rail = page.getByRole('group', { name: 'Section 2: Product rail' });
  await rail.getByLabel('Title').fill('Good reads');
  await rail.getByLabel('Shows').selectOption('category');
  await rail.getByLabel('Category', { exact: true }).selectOption('books');
  const previewRail = preview(page).getByRole('region', { name: 'Good reads' });
  await expect(previewRail.getByRole('heading', { name: firstBook })).toBeVisible();
  await noSeriousViolations(page, 'admin home page with a draft');

  // Nothing is saved yet: shoppers still see the demo's home.
  const before = await request.get('/');
  expect(await before.text()).not.toContain('Stories for long evenings');

  await page.getByRole('button', { name: 'Save home page' }).click();
  await expect(page.getByText('Home page saved')).toBeVisible();

  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Stories for long evenings', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the books' })).toHaveAttribute('href', '/products/category/books');
  const shopRail = page.getByRole('main').getByRole('region', { name: 'Good reads' });
  await expect(shopRail.getByRole('heading', { name: firstBook })).toBeVisible();
  await expect(shopRail.getByRole('link', { name: /View all/ })).toHaveAttribute('href', '/products/category/books');
  await expect(page.getByRole('region', { name: 'Shop by category' })).toHaveCount(0);
  await expectAccessible(page, { label: 'owner-built home page' });
});
