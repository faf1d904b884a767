import { expandPlaceholdersInHtml } from '@shop/contracts/placeholders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPages } from '../src/db/schema.ts';
import { CONTENT_PAGES } from '../src/db/seed/content.ts';
import { seedIfEmpty } from '../src/db/seed/index.ts';
import { contentMarkupToRichText } from '../src/lib/rich-text.ts';
import { placeholderValues } from '../src/modules/content/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** docs/product.md §2: the footer's links, each a content page (docs/product.md §10), plus the help centre. */
const FOOTER_PAGES = [
  'about',
  'careers',
  'press',
  'blog',
  'investors',
  'faq',
  'shipping',
  'returns',
  'size-guide',
  'terms',
  'privacy',
  'cookies',
  'accessibility',
];

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/pages/:slug', () => {
  it.each([...FOOTER_PAGES, 'help'])('answers the seeded page %s with its title and text', async (slug) => {
    const res = await get(`/api/pages/${slug}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    const seeded = CONTENT_PAGES.find((p) => p.slug === slug);
    expect(seeded).toBeDefined();
    expect(page).toMatchObject({ slug, title: seeded?.title, description: seeded?.description });
    // The seeded text as rich text, its settings placeholders expanded (content-placeholders.test.ts).
    const values = placeholderValues(await t.app.services.settings.get());
    expect(page.body).toBe(expandPlaceholdersInHtml(contentMarkupToRichText(seeded?.body ?? ''), values));
    // Real texts, not lorem ipsum: a few paragraphs at least.
    expect(page.body.length).toBeGreaterThan(150);
    expect(page.description.length).toBeGreaterThan(10);
    // Never edited by staff since the seed: no change date.
    expect(page.updated_at).toBeNull();
  });

  it('gives the help centre and the FAQ question sections', async () => {
    for (const slug of ['help', 'faq']) {
      const { body } = (await get(`/api/pages/${slug}`)).json();
      expect(body.match(/<h2>/g)?.length).toBeGreaterThanOrEqual(3);
      expect(body.match(/<h3>[^<]+\?<\/h3>/g)?.length).toBeGreaterThanOrEqual(5);
    }
  });

  it('answers 404 with the error shape for a page that does not exist', async () => {
    const res = await get('/api/pages/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Page not found', code: 'NOT_FOUND' });
  });

  it.each([
    ['About', 'slug must be lowercase letters, digits and dashes'],
    ['about%20us', 'slug must be lowercase letters, digits and dashes'],
    ['-about', 'slug must be lowercase letters, digits and dashes'],
    ['a'.repeat(65), 'slug must be at most 64 characters'],
  ])('refuses the slug %s with 400 and a clear message', async (slug, message) => {
    const res = await get(`/api/pages/${slug}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
  });

  it('returns what is stored as it is (the admin save sanitizes) and the stored change time', async () => {
    const updatedAt = new Date('2026-03-01T10:00:00.000Z');
    await t.db.insert(contentPages).values({
      slug: 'raw-text',
      title: 'A <b>title</b>',
      description: 'd',
      body: '<script>alert(1)</script>\n\nSecond & last',
      updatedAt,
    });
    const res = await get('/api/pages/raw-text');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      slug: 'raw-text',
      title: 'A <b>title</b>',
      description: 'd',
      body: '<script>alert(1)</script>\n\nSecond & last',
      updated_at: updatedAt.toISOString(),
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('content service', () => {
  it('lists every page by slug for the sitemap', async () => {
    const pages = await t.app.services.content.listPages();
    const slugs = pages.map((p) => p.slug);
    expect(slugs).toEqual([...slugs].sort());
    for (const slug of [...FOOTER_PAGES, 'help']) expect(slugs).toContain(slug);
  });

  it('seeds the pages on an empty database even without the demo catalogue', async () => {
    // Emptied in this file's own database: the seed runs only where there are no users yet.
    await t.db.execute(sql`truncate users, content_pages cascade`);
    const quiet = { info: () => {}, warn: () => {} };
    const result = await seedIfEmpty(t.db, { mode: 'none', adminPassword: 'A-long-enough-passw0rd', log: quiet });
    expect(result.seeded).toBe(true);
    const pages = await t.app.services.content.listPages();
    expect(pages.map((p) => p.slug).sort()).toEqual(CONTENT_PAGES.map((p) => p.slug).sort());
  });
});
