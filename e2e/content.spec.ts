import { expect, type Page, test } from '@playwright/test';
import { CONTENT_PAGES } from '../apps/web/app/routes.ts';
import { expectAccessible } from './support/axe.ts';
import { escapeHtml, openHydrated } from './support/catalog.ts';

// Docs/product.md §10: the footer's pages (docs/product.md §2) and the help centre are real pages whose texts come
// from the content API as rich text (docs/adr/044-rich-text.md) and exist for every footer link.

const main = (page: Page) => page.getByRole('main');
/** The text of a body's elements of one kind (`h2`, `h3`), as a shopper reads it. */
const texts = (body: string, tag: string) =>
  [...body.matchAll(new RegExp(`<${tag}>(.*?)</${tag}>`, 'g'))].map((m) =>
    (m[1] ?? '').replace(/<[^>]*>/g, '').replaceAll('&amp;', '&'),
  );

interface ApiPage {
  slug: string;
  title: string;
  description: string;
  body: string;
}

test('every footer page shows its title and text, rendered on the server', async ({ request }) => {
  for (const slug of CONTENT_PAGES) {
    const api: ApiPage = await (await request.get(`/api/pages/${slug}`)).json();
    const res = await request.get(`/${slug}`);
    expect(res.status(), slug).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${escapeHtml(api.title)} · Shop</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeHtml(api.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    // The first paragraph of the body, rendered as the server stored it (sanitized rich text).
    const first = /<p>.*?<\/p>/.exec(api.body)?.[0];
    expect(first, slug).toBeTruthy();
    expect(html).toContain(first);
  }
});

test('a content page lays out headings, lists and paragraphs', async ({ page, request }) => {
  const api: ApiPage = await (await request.get('/api/pages/shipping')).json();
  await page.goto('/shipping');
  const m = main(page);
  await expect(m.getByRole('heading', { level: 1 })).toHaveText(api.title);
  const headings = texts(api.body, 'h2');
  expect(headings.length).toBeGreaterThan(0);
  await expect(m.getByRole('heading', { level: 2 })).toHaveText(headings);
  await expect(m.getByRole('listitem').first()).toContainText('Standard shipping');
  // A page as seeded has no "Last updated" date (content-settings.global.spec.ts).
  await expect(m.getByText(/^Last updated /)).toHaveCount(0);
  await expect(m.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
});

test('the footer links lead to their pages', async ({ page }) => {
  await openHydrated(page, '/');
  const footer = page.getByRole('contentinfo');
  await footer.locator('a[href="/returns"]').first().click();
  await expect(page).toHaveURL(/\/returns$/);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Returns and refunds');
});

test('the help centre shows its question sections and the ways to contact, shipping and returns', async ({
  page,
  request,
}) => {
  const api: ApiPage = await (await request.get('/api/pages/help')).json();
  await openHydrated(page, '/help');
  const m = main(page);
  await expect(m.getByRole('heading', { level: 1 })).toHaveText('Help Center');
  const topics = m.getByRole('navigation', { name: 'Help topics' });
  for (const href of ['/contact', '/shipping', '/returns', '/faq']) {
    await expect(topics.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  const sections = texts(api.body, 'h2');
  await expect(m.getByRole('heading', { level: 2 })).toHaveText(sections);
  const questions = texts(api.body, 'h3');
  expect(questions.length).toBeGreaterThanOrEqual(5);
  // Questions open and close like disclosures, by mouse and by keyboard.
  const details = m.locator('details').filter({ has: page.locator('summary', { hasText: questions[0]! }) });
  const summary = details.locator('summary');
  await expect(details).not.toHaveAttribute('open');
  await summary.click();
  await expect(details).toHaveAttribute('open');
  await expect(details.locator('p')).toBeVisible();
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(details).not.toHaveAttribute('open');
  await topics.locator('a[href="/returns"]').click();
  await expect(page).toHaveURL(/\/returns$/);
});

test('a path that is not a content page is the 404 page', async ({ page }) => {
  const res = await page.goto('/about-us');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
});

test('axe finds no serious problem on the help centre and a content page', async ({ page }) => {
  await openHydrated(page, '/help');
  await expectAccessible(page);
  await openHydrated(page, '/privacy');
  await expectAccessible(page);
});
