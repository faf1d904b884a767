import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPages } from '../src/db/schema.ts';
import { CONTENT_PAGES } from '../src/db/seed/content.ts';
import { contentMarkupToRichText } from '../src/lib/rich-text.ts';
import { currentSettings } from './admin-store-fixtures.ts';
import { authHeaders } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ensureWebBuild } from './web-build.ts';

// Content pages are rich text (docs/adr/044-rich-text.md, "Content pages"): sanitized on save, served as
// stored with placeholders escaped, drawn by the real web build, and upgraded from the old plain-text form
// by migration 0019.
let t: TestApp;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ web: true });
  adminHeaders = await authHeaders(t, await createUser(t, { role: 'admin' }));
}, 300_000);
afterAll(() => t?.close());

const api = async (slug: string) => (await t.app.inject({ url: `/api/pages/${slug}` })).json();
const html = (url: string) => t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
const admin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
const stored = async (slug: string) =>
  (await admin('GET', '/api/admin/content-pages')).json().items.find((p: { slug: string }) => p.slug === slug);
const save = (slug: string, body: string) =>
  admin('PUT', `/api/admin/content-pages/${slug}`, { title: 'Press', description: 'News.', body });

describe('saving a page body', () => {
  it('stores HTML sanitized and serves it sanitized: no script, no handler, no javascript: link', async () => {
    const res = await save(
      'press',
      '<h1 onclick="alert(1)">News</h1><script>alert(2)</script><p>Read <b>this</b> and <a href="javascript:alert(3)">that</a>, ' +
        '<a href="https://example.com" onmouseover="x()">there</a>.</p><img src=x onerror=alert(4)><ul><li style="color:red">One</li></ul>',
    );
    expect(res.statusCode).toBe(200);
    const expected =
      '<h2>News</h2><p>Read <strong>this</strong> and <a>that</a>, ' +
      '<a href="https://example.com" rel="noopener noreferrer nofollow">there</a>.</p><ul><li>One</li></ul>';
    expect(res.json().body).toBe(expected);
    expect((await stored('press')).body).toBe(expected);
    expect((await api('press')).body).toBe(expected);
    const page = (await html('/press')).body;
    expect(page).toContain(expected);
    expect(page).not.toMatch(/alert\(|onclick|onmouseover|onerror|javascript:/);
  });

  it('makes paragraphs of plain text without a tag, escaped', async () => {
    const res = await save('press', 'First line\nsecond line & more\n\nLast > first');
    expect(res.statusCode).toBe(200);
    expect((await stored('press')).body).toBe('<p>First line<br />second line &amp; more</p><p>Last &gt; first</p>');
  });

  it('refuses a body with no text left once sanitized (400, nothing saved)', async () => {
    const before = await stored('press');
    const res = await save('press', '<script>alert(1)</script>');
    expect([res.statusCode, res.json().message]).toEqual([400, 'Body is required']);
    expect(await stored('press')).toEqual(before);
  });
});

describe('placeholders in rich text', () => {
  it('inserts a store name with markup as text, on the API and on the page', async () => {
    const original = await currentSettings(t);
    try {
      expect(
        (await admin('PUT', '/api/admin/settings', { ...original, store_name: 'Tom & Jerry <b>' })).statusCode,
      ).toBe(200);
      expect((await save('press', '<p>Welcome to <strong>{{store.name}}</strong>.</p>')).statusCode).toBe(200);
      expect((await api('press')).body).toBe('<p>Welcome to <strong>Tom &amp; Jerry &lt;b&gt;</strong>.</p>');
      const page = (await html('/press')).body;
      expect(page).toContain('Welcome to <strong>Tom &amp; Jerry &lt;b&gt;</strong>.');
      expect(page).not.toContain('Jerry <b>');
    } finally {
      expect((await admin('PUT', '/api/admin/settings', original)).statusCode).toBe(200);
    }
  });
});

describe('the help centre from rich text', () => {
  it('draws the seeded sections as headings and the questions as disclosures with their answers', async () => {
    const page = (await html('/help')).body;
    const seeded = CONTENT_PAGES.find((p) => p.slug === 'help')?.body ?? '';
    const sections = seeded.match(/^## (.+)$/gm)?.map((h) => h.slice(3)) ?? [];
    const questions = seeded.match(/^### (.+)$/gm)?.map((q) => q.slice(4)) ?? [];
    expect(sections.length).toBeGreaterThanOrEqual(3);
    expect(questions.length).toBeGreaterThanOrEqual(5);
    const h2s = [...page.matchAll(/<h2 id="help-section-\d+"[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
    expect(h2s).toEqual(sections.map((s) => s.replaceAll('&', '&amp;')));
    const summaries = [...page.matchAll(/<summary[^>]*>([^<]*)<\/summary>/g)].map((m) => m[1]);
    expect(summaries).toEqual(questions.map((q) => q.replaceAll('&', '&amp;')));
  });

  it('splits an edited help page at its h2 and h3, the answer holding the blocks up to the next heading', async () => {
    const res = await admin('PUT', '/api/admin/content-pages/help', {
      title: 'Help Center',
      description: 'Answers.',
      body: '<p>Hello.</p><h2>Orders</h2><h3>Where is <em>my</em> order?</h3><p>On its way.</p><ul><li>Track it</li></ul><h3>Can I cancel?</h3><p>Yes.</p><h2>Account</h2><p>About accounts.</p>',
    });
    expect(res.statusCode).toBe(200);
    const page = (await html('/help')).body;
    expect([...page.matchAll(/<h2 id="help-section-\d+"[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1])).toEqual([
      'Orders',
      'Account',
    ]);
    const details = [
      ...page.matchAll(/<details[^>]*><summary[^>]*>([^<]*)<\/summary><div[^>]*>(.*?)<\/div><\/details>/g),
    ];
    expect(details.map((m) => [m[1], m[2]])).toEqual([
      ['Where is my order?', '<p>On its way.</p><ul><li>Track it</li></ul>'],
      ['Can I cancel?', '<p>Yes.</p>'],
    ]);
    expect(page).toContain('<p>Hello.</p>');
    expect(page).toContain('<p>About accounts.</p>');
  });
});

describe('migration 0019', () => {
  const file = path.join(import.meta.dirname, '../src/db/migrations/0019_content_pages_rich_text.sql');
  const migrate = () => t.db.execute(sql.raw(fs.readFileSync(file, 'utf8')));

  it('turns a plain-text body into HTML: headings, questions, lists, paragraphs with line breaks, all escaped', async () => {
    const old =
      'Intro line one\r\nline  two & <script>alert(1)</script>\n \t\n## Orders & more\n\n###   Where is it?  \n\n' +
      '- one\n  - two > three\n\nA - b\n- c\n\n\n\n## \n\n##x';
    await t.db.update(contentPages).set({ body: old }).where(eq(contentPages.slug, 'careers'));
    await migrate();
    const [row] = await t.db
      .select({ body: contentPages.body })
      .from(contentPages)
      .where(eq(contentPages.slug, 'careers'));
    const expected =
      '<p>Intro line one<br />line  two &amp; &lt;script&gt;alert(1)&lt;/script&gt;</p><h2>Orders &amp; more</h2>' +
      '<h3>Where is it?</h3><ul><li>one</li><li>two &gt; three</li></ul><p>A - b<br />- c</p><p>##</p><p>##x</p>';
    expect(row?.body).toBe(expected);
    expect(contentMarkupToRichText(old)).toBe(expected);
  });

  it('converts every seeded page exactly as the seed does', async () => {
    for (const p of CONTENT_PAGES) {
      await t.db.update(contentPages).set({ body: p.body }).where(eq(contentPages.slug, p.slug));
    }
    await migrate();
    const rows = await t.db.select({ slug: contentPages.slug, body: contentPages.body }).from(contentPages);
    for (const p of CONTENT_PAGES) {
      expect(rows.find((r) => r.slug === p.slug)?.body, p.slug).toBe(contentMarkupToRichText(p.body));
    }
  });
});
