import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from './account-fixtures.ts';
import { multipartFile, pngImage } from './admin-catalog-fixtures.ts';
import { authHeaders, createProduct } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * No public answer names staff or another customer. Every public GET route is read
 * from the app's route table (pages, API, media, static files), after staff edited a product and a
 * customer ordered, reviewed and saved it. A new parameterised route without a sample here fails the
 * first test, so none escapes the scan.
 */
type Caller = 'anonymous' | 'buyer' | 'bystander';
interface Fixture {
  productId: string;
  slug: string;
  orderId: string;
  uploadId: string;
  page: string;
}

/** Parameterised public GET routes and the URL each is read at. Routes without parameters are their own sample. */
const SAMPLES: Record<string, (f: Fixture) => string> = {
  'GET /api/products/:id': (f) => `/api/products/${f.productId}`,
  'GET /api/products/:id/reviews': (f) => `/api/products/${f.productId}/reviews`,
  'GET /api/products/:id/variants': (f) => `/api/products/${f.productId}/variants`,
  // A brand of the demo catalogue (brand records have their own page).
  'GET /api/brands/:slug': () => '/api/brands/apple',
  'GET /api/products/:id/subscription': (f) => `/api/products/${f.productId}/subscription`,
  'GET /api/pages/:slug': (f) => `/api/pages/${f.page}`,
  'GET /api/orders/:id': (f) => `/api/orders/${f.orderId}`,
  // The invoice PDF of one's own pay-later order (the fixture's card-like order has none: 404).
  'GET /api/orders/:id/invoice.pdf': (f) => `/api/orders/${f.orderId}/invoice.pdf`,
  'GET /api/docs/static/*': () => '/api/docs/static/swagger-ui.css',
  'GET /media/uploads/:id/:file': (f) => `/media/uploads/${f.uploadId}/large.webp`,
  'GET /media/products/:slug/:file': (f) => `/media/products/${f.slug}/1.svg`,
  'GET /media/featured/:file': () => '/media/featured/iphone%2015.svg',
  'GET /media/categories/:file': () => '/media/categories/electronics.svg',
  'GET /media/subcategories/:category/:file': () => '/media/subcategories/electronics/smartphones.svg',
};
/**
 * Pages (the not-found handler, not routes) as documents and as data, and a listing that finds the
 * edited product.
 */
const MORE = (f: Fixture) => [
  `/api/products?q=${encodeURIComponent('Privacy lamp')}`,
  '/',
  '/products',
  `/products?q=${encodeURIComponent('Privacy lamp')}`,
  `/products/${f.slug}`,
  `/products/${f.slug}.data`,
  '/categories',
  '/robots.txt',
  '/sitemap.xml',
];

/**
 * Addresses that belong to nobody: the footer's contact address until Settings name one, and the
 * placeholders of the sign-in and checkout forms (in their scripts).
 */
const PUBLIC_ADDRESSES = ['support@shop.example', 'you@example.com', 'quote@example.invalid'];
/** Linear (no overlapping quantifiers): enough to find anything shaped like an e-mail address. */
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** A package's name and version in a script (`stripe-js@10.2.1`): shaped like an address, but no one's. */
const VERSION = /@\d+(?:\.\d+)+$/;

let t: TestApp;
let fixture: Fixture;
let people: Record<'staff' | 'buyer' | 'bystander', { email: string }>;
let headers: Record<Caller, Record<string, string>>;
let storeEmail: string;
let publicGets: string[];

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ web: true });
  const staff = await createUser(t, { role: 'staff', email: 'editor.point6@staff-only.test' });
  const buyer = await createUser(t, { email: 'buyer.point6@customer-only.test', firstName: 'Ada', lastName: 'Byron' });
  const bystander = await createUser(t, { email: 'bystander.point6@customer-only.test' });
  people = { staff, buyer, bystander };
  const staffHeaders = await authHeaders(t, staff);
  headers = { anonymous: {}, buyer: await authHeaders(t, buyer), bystander: await authHeaders(t, bystander) };

  // Staff upload a picture and edit a product: the product now carries their edit.
  const product = await createProduct(t, { name: 'Privacy lamp', available: 5 });
  const file = multipartFile(await pngImage(40, 30));
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads/images',
    headers: { ...staffHeaders, ...file.headers },
    payload: file.payload,
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const edited = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${product.id}`,
    headers: staffHeaders,
    payload: { description: 'Edited by staff', images: [upload.json().url, `/media/products/${product.slug}/1.svg`] },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  expect(edited.json().modified_by).toBe(staff.email); // staff still see who edited (admin answer)

  // A customer buys, reviews and saves it.
  const order = await createOrder(t, buyer, product.id, 'paid');
  const review = await t.app.inject({
    method: 'POST',
    url: `/api/products/${product.id}/reviews`,
    headers: headers.buyer,
    payload: { rating: 5, title: 'Bright', body: 'Lights the room.' },
  });
  expect(review.statusCode, review.body).toBe(201);
  await t.app.inject({
    method: 'POST',
    url: '/api/wishlist',
    headers: headers.buyer,
    payload: { product_id: product.id },
  });

  const [page] = await t.app.services.content.listPages();
  if (!page) throw new Error('the seed has no content page');
  fixture = {
    productId: product.id,
    slug: product.slug,
    orderId: order.id,
    uploadId: upload.json().id,
    page: page.slug,
  };
  storeEmail = (await t.app.services.settings.get()).contactEmail;
  publicGets = [
    ...new Set(
      t.app.routeTable
        .filter((r) => r.method === 'GET' && !r.url.startsWith('/api/admin/'))
        .map((r) => `${r.method} ${r.url}`),
    ),
  ].sort();
}, 300_000);
afterAll(() => t?.close());

const isParameterised = (route: string) => /[:*]/.test(route);

function urlsToRead(): string[] {
  const routes = publicGets.map((r) => (isParameterised(r) ? SAMPLES[r]!(fixture) : r.slice('GET '.length)));
  return [...routes, ...MORE(fixture)];
}

describe('public answers name no staff member and no other customer', () => {
  it('has a sample for every parameterised public GET route, and none for a route that is gone', () => {
    expect(publicGets.length).toBeGreaterThan(20);
    expect(publicGets.filter((r) => isParameterised(r) && !(r in SAMPLES))).toEqual([]);
    expect(Object.keys(SAMPLES).filter((r) => !publicGets.includes(r))).toEqual([]);
  });

  it('shows no e-mail but the caller’s own and the store’s public ones, to anyone, anywhere', async () => {
    const urls = urlsToRead();
    const findings: string[] = [];
    for (const caller of ['anonymous', 'buyer', 'bystander'] as const) {
      const own = caller === 'anonymous' ? [] : [people[caller].email];
      const allowed = new Set([storeEmail, ...PUBLIC_ADDRESSES, ...own]);
      for (const url of urls) {
        const res = await t.app.inject({ url, headers: headers[caller] });
        if (res.statusCode >= 500) findings.push(`${caller} ${url}: ${res.statusCode}`);
        const found = new Set(res.rawPayload.toString('latin1').match(EMAIL) ?? []);
        for (const email of found) {
          if (!allowed.has(email) && !VERSION.test(email)) findings.push(`${caller} ${url}: ${email}`);
        }
      }
    }
    expect(findings).toEqual([]);
  });

  it('keeps the product field of docs/product.md §3 but never fills it with a person: modified_by is null in public', async () => {
    const res = await t.app.inject({ url: `/api/products/${fixture.productId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('modified_by', null);
    const list = await t.app.inject({ url: `/api/products?q=${encodeURIComponent('Privacy lamp')}` });
    expect(list.json().items.map((p: { modified_by: unknown }) => p.modified_by)).toEqual([null]);
  });
});
