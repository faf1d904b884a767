import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { CONTENT_PAGES } from '../apps/web/app/routes.ts';
import { richTextToText } from '../packages/contracts/src/rich-text.ts';
import { type ApiProduct, apiList, findProduct } from './support/catalog.ts';

// Per-page title and description, absolute canonical URLs, Open Graph tags, Product
// JSON-LD (named by its hash in the CSP, safely escaped), sitemap.xml and robots.txt.

/** The head facts of a page as the browser sees them. */
async function headOf(page: Page) {
  return page.evaluate(() => {
    const meta = (attr: string, key: string) =>
      document.head.querySelector(`meta[${attr}="${key}"]`)?.getAttribute('content') ?? null;
    return {
      title: document.title,
      description: meta('name', 'description'),
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      canonicals: document.head.querySelectorAll('link[rel="canonical"]').length,
      ogTitle: meta('property', 'og:title'),
      ogDescription: meta('property', 'og:description'),
      ogType: meta('property', 'og:type'),
      ogUrl: meta('property', 'og:url'),
      ogImage: meta('property', 'og:image'),
    };
  });
}

test('every catalogue and content page has its own title, description, canonical URL and Open Graph tags', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const pages: [path: string, title: RegExp, canonical: string][] = [
    ['/', /^Shop · /, `${origin}/`],
    ['/products', /^All products · Shop$/, `${origin}/products`],
    [
      '/products?category=books&sort=newest&page=2',
      /^Books & Media – page 2 · Shop$/,
      `${origin}/products?category=books&page=2`,
    ],
    ['/products/category/electronics', /^Electronics · Shop$/, `${origin}/products/category/electronics`],
    ['/categories', /^All categories · Shop$/, `${origin}/categories`],
    ['/help', /^Help Center · Shop$/, `${origin}/help`],
    ['/terms', /^Terms of service · Shop$/, `${origin}/terms`],
  ];
  const descriptions = new Set<string>();
  for (const [path, title, canonical] of pages) {
    await page.goto(path);
    const head = await headOf(page);
    expect(head.title, path).toMatch(title);
    expect(head.description?.length, `${path} description`).toBeGreaterThan(20);
    descriptions.add(head.description ?? '');
    expect(head.canonical, path).toBe(canonical);
    expect(head.canonicals, path).toBe(1);
    expect(head.ogTitle, path).toBe(head.title.replace(/ · Shop$/, ''));
    expect(head.ogDescription).toBe(head.description);
    expect(head.ogType).toBe(path === '/terms' ? 'article' : 'website');
    expect(head.ogUrl).toBe(canonical);
  }
  expect(descriptions.size).toBe(pages.length);
});

test('a product page has one canonical URL for its id and slug, an og:image and Product JSON-LD', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const product = await findProduct(request, (p) => p.rating_count > 0 && p.brand !== null && p.in_stock);
  const canonical = `${origin}/products/${product.slug}`;
  for (const path of [`/products/${product.id}`, `/products/${product.slug}`]) {
    await page.goto(path);
    const head = await headOf(page);
    expect(head.title).toBe(`${product.name} · Shop`);
    expect(head.canonical).toBe(canonical);
    expect(head.ogType).toBe('product');
    expect(head.ogUrl).toBe(canonical);
    expect(head.ogImage).toBe(`${origin}${product.images[0]}`);
  }

  const res = await request.get(`/products/${product.id}`);
  const html = await res.text();
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"([^>]*)>([^<]*)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  // A product page is the same for everyone (the page cache): its policy names each inline
  // script, this one too, by its hash rather than a per-response nonce.
  const hash = createHash('sha256')
    .update(scripts[0]?.[2] ?? '')
    .digest('base64');
  expect(res.headers()['content-security-policy']).toContain(`'sha256-${hash}'`);
  const data = JSON.parse(scripts[0]?.[2] ?? '');
  const brands: { id: string; name: string }[] = await (await request.get('/api/brands')).json();
  expect(data).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: product.images.map((src) => `${origin}${src}`),
    description: richTextToText(product.description),
    sku: product.id,
    brand: { '@type': 'Brand', name: brands.find((b) => b.id === product.brand)?.name },
    offers: {
      '@type': 'Offer',
      url: canonical,
      priceCurrency: 'USD',
      price: product.sale_price.toFixed(2),
      availability: 'https://schema.org/InStock',
    },
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: product.rating,
      reviewCount: product.rating_count,
      bestRating: 5,
      worstRating: 1,
    },
  });
});

test('JSON-LD says OutOfStock and leaves out a rating nobody gave', async ({ request }) => {
  const out = await findProduct(request, (p) => !p.in_stock);
  const unrated = await findProduct(request, (p) => p.rating_count === 0);
  const ld = async (p: ApiProduct) => {
    const html = await (await request.get(`/products/${p.slug}`)).text();
    return JSON.parse(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? '');
  };
  expect((await ld(out)).offers.availability).toBe('https://schema.org/OutOfStock');
  expect(await ld(unrated)).not.toHaveProperty('aggregateRating');
});

/** Every published product, page by page through the API. */
async function allProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const all: ApiProduct[] = [];
  for (let page = 1; ; page++) {
    const { items } = await apiList(request, `page=${page}&sort=newest`, 100);
    all.push(...items);
    if (items.length < 100) return all;
  }
}

test('sitemap.xml lists home, the pages, the categories and every published product', async ({ request, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await res.text();
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  );
  expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(new Set(locs).size).toBe(locs.length);
  for (const path of ['/', '/products', '/categories', '/help', '/contact', ...CONTENT_PAGES.map((p) => `/${p}`)]) {
    expect(locs, path).toContain(`${origin}${path}`);
  }
  const categories: { id: string }[] = await (await request.get('/api/categories')).json();
  for (const c of categories) expect(locs).toContain(`${origin}/products/category/${c.id}`);

  const products = await allProducts(request);
  expect(products.length).toBeGreaterThanOrEqual(1000);
  const productLocs = locs.filter((l) => /\/products\/(?!category\/)[^/]+$/.test(l ?? ''));
  expect(productLocs.sort()).toEqual(products.map((p) => `${origin}/products/${p.slug}`).sort());
  // Each product URL carries its last change.
  const first = products[0]!;
  expect(xml).toContain(`<url><loc>${origin}/products/${first.slug}</loc><lastmod>`);
});

test('robots.txt allows the shop, keeps private areas out and names the sitemap', async ({ request, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await res.text()).toBe(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /account',
      'Disallow: /cart',
      'Disallow: /checkout',
      'Disallow: /auth',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n'),
  );
});

test('the sitemap and robots.txt need no JavaScript and every listed page answers 200', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
  // All non-product pages and a sample of products.
  const sample = [
    ...locs.filter((l) => !/^\/products\/(?!category\/)/.test(l)),
    ...locs.filter((l) => /^\/products\/(?!category\/)/.test(l)).slice(0, 20),
  ];
  for (const path of sample) expect((await request.get(path)).status(), path).toBe(200);
});
