import { expect, type Page, test } from '@playwright/test';
import { adminCall, adminSignIn, type Json, noSeriousViolations } from './support/admin.ts';

// Content pages are rich text (docs/adr/044-rich-text.md, "Content pages"): staff format a footer page
// with the description editor's toolbar, and the storefront page shows the bold text and the list as
// HTML. It changes a page every shopper sees, so it runs in the shop-wide project and restores it.

let original: Json;
test.beforeAll(async ({ request }) => {
  const pages = (await adminCall(request, 'GET', 'content-pages')).items as Json[];
  original = pages.find((p) => p.slug === 'accessibility') as Json;
});
test.afterAll(async ({ request }) => {
  const { title, description, body } = original;
  await adminCall(request, 'PUT', 'content-pages/accessibility', { title, description, body });
});

const main = (page: Page) => page.getByRole('main');

test('staff make a word bold and add a bulleted list to a footer page, and the storefront shows them', async ({
  page,
}) => {
  await adminSignIn(page);
  await page.goto('/admin/settings');
  await page.getByLabel('Page', { exact: true }).selectOption('accessibility');
  const editor = page.getByRole('form', { name: 'Edit the Accessibility page' });
  const body = editor.getByRole('textbox', { name: 'Body', exact: true });
  await expect(body).toHaveAttribute('aria-multiline', 'true');
  // The seeded text arrives as rich text: its headings are headings in the editor.
  await expect(body.locator('h2').first()).toBeVisible();
  const toolbar = editor.getByRole('toolbar', { name: 'Formatting' });
  const bold = toolbar.getByRole('button', { name: 'Bold' });
  await expect(toolbar.getByRole('button', { name: 'Subheading' })).toBeVisible();
  await noSeriousViolations(page, 'content page editor');

  await body.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('We also support ');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('keyboards');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.type(' fully.');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Large print');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Screen readers');
  await expect(toolbar.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');
  await editor.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Saved Accessibility')).toBeVisible();

  await page.goto('/accessibility');
  const article = main(page).locator('article');
  await expect(article.locator('strong')).toHaveText('keyboards');
  await expect(article.locator('p').filter({ hasText: 'We also support' })).toHaveText(
    'We also support keyboards fully.',
  );
  await expect(article.locator('ul > li').filter({ hasText: /^(Large print|Screen readers)$/ })).toHaveText([
    'Large print',
    'Screen readers',
  ]);
  await expect(article).not.toContainText('<');
  // The seeded headings are still headings.
  await expect(main(page).getByRole('heading', { level: 2 }).first()).toBeVisible();
});
