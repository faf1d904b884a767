import { eq } from 'drizzle-orm';
import type { InjectOptions, Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, productVariants } from '../src/db/schema.ts';
import { multipartFile, pngImage } from './admin-catalog-fixtures.ts';
import { authHeaders, createProduct, signedInUser } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * An unpublished product is invisible to the public everywhere — its pictures, its
 * slug, lists, search, counts, reviews, subscriptions, carts, wishlists, the sitemap and its page all
 * answer exactly as for a product that does not exist. Staff still see it through admin routes.
 */
const NAME = 'Secret Draft Gadget';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let draft: { id: string; slug: string };
let upload: { id: string; url: string; thumb_url: string };
let staff: Record<string, string>;
let shopper: Record<string, string>;

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ web: true });
  staff = await authHeaders(t, await createUser(t, { role: 'staff' }));
  shopper = (await signedInUser(t)).headers;
  await t.db.insert(categories).values({ id: 'drafts-only', name: 'Drafts only', icon: 'box' });
  await t.db.insert(brands).values({ id: 'draftco', name: 'DraftCo', slug: 'draftco' });
  const file = multipartFile(await pngImage(30, 20));
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads/images',
    headers: { ...staff, ...file.headers },
    payload: file.payload,
  });
  upload = uploaded.json();
  const product = await createProduct(t, {
    name: NAME,
    categoryId: 'drafts-only',
    brandId: 'draftco',
    available: 0,
    published: false,
  });
  draft = { id: product.id, slug: product.slug };
  const edited = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${draft.id}`,
    headers: staff,
    payload: { images: [upload.url, `/media/products/${draft.slug}/1.svg`] },
  });
  expect(edited.statusCode, edited.body).toBe(200);
}, 300_000);
afterAll(() => t?.close());

const inject = (opts: InjectOptions) => t.app.inject(opts);
/** Status, headers (but the date and the request's id, new for every request) and body: what tells one answer from another. */
const observable = (res: Response) => {
  const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
};

/** The draft's answer must be the unknown product's, byte for byte, and must not name it. */
async function expectSameAsUnknown(forDraft: InjectOptions, forUnknown: InjectOptions) {
  const [a, b] = [await inject(forDraft), await inject(forUnknown)];
  expect(observable(a)).toEqual(observable(b));
  expect(a.statusCode).toBeGreaterThanOrEqual(400);
  expect(a.body).not.toContain(NAME);
}

describe('a draft’s pictures do not exist for the public', () => {
  it('answers its drawn picture exactly as an unknown slug’s, without its name', async () => {
    for (const view of [1, 2]) {
      await expectSameAsUnknown(
        { url: `/media/products/${draft.slug}/${view}.svg` },
        { url: `/media/products/no-such-product-slug/${view}.svg` },
      );
    }
  });

  it('answers its uploaded pictures exactly as an unknown upload’s', async () => {
    await expectSameAsUnknown({ url: upload.url }, { url: `/media/uploads/${UNKNOWN_ID}/large.webp` });
    await expectSameAsUnknown({ url: upload.thumb_url }, { url: `/media/uploads/${UNKNOWN_ID}/thumb.webp` });
  });

  it('shows them to staff through the admin routes, uncached', async () => {
    const svg = await inject({ url: `/api/admin/media/products/${draft.slug}/1.svg`, headers: staff });
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toContain(NAME);
    expect(svg.headers['cache-control']).toBe('private, no-store');
    const picture = await inject({ url: `/api/admin${upload.url}`, headers: staff });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect((await inject({ url: `/api/admin${upload.url}`, headers: shopper })).statusCode).toBe(403);
    expect((await inject({ url: `/api/admin/media/products/${draft.slug}/1.svg` })).statusCode).toBe(401);
  });

  it('serves them to the public once the product is published, and hides them again after', async () => {
    const publish = (published: boolean) =>
      inject({
        method: 'POST',
        url: '/api/admin/products/bulk-publish',
        headers: staff,
        payload: { ids: [draft.id], published },
      });
    expect((await publish(true)).statusCode).toBe(200);
    try {
      expect((await inject({ url: upload.url })).statusCode).toBe(200);
      expect((await inject({ url: `/media/products/${draft.slug}/1.svg` })).body).toContain(NAME);
    } finally {
      expect((await publish(false)).statusCode).toBe(200);
    }
    expect((await inject({ url: upload.url })).statusCode).toBe(404);
    expect((await inject({ url: `/media/products/${draft.slug}/1.svg` })).statusCode).toBe(404);
  });
});

describe('a draft does not exist anywhere else either', () => {
  it('answers its id and slug, its reviews and its subscription as an unknown product’s', async () => {
    for (const key of [draft.id, draft.slug]) {
      await expectSameAsUnknown({ url: `/api/products/${key}` }, { url: `/api/products/${UNKNOWN_ID}` });
      await expectSameAsUnknown(
        { url: `/api/products/${key}/reviews` },
        { url: `/api/products/${UNKNOWN_ID}/reviews` },
      );
      await expectSameAsUnknown(
        { method: 'POST', url: `/api/products/${key}/subscribe`, headers: shopper },
        { method: 'POST', url: `/api/products/${UNKNOWN_ID}/subscribe`, headers: shopper },
      );
      await expectSameAsUnknown(
        { url: `/api/products/${key}/subscription`, headers: shopper },
        { url: `/api/products/${UNKNOWN_ID}/subscription`, headers: shopper },
      );
    }
  });

  it('cannot be put in a cart or a wishlist', async () => {
    for (const [url, body] of [
      ['/api/products/add-to-cart', (id: string) => ({ product_id: id })],
      ['/api/wishlist', (id: string) => ({ product_id: id })],
    ] as const) {
      await expectSameAsUnknown(
        { method: 'POST', url, headers: shopper, payload: body(draft.id) },
        { method: 'POST', url, headers: shopper, payload: body(UNKNOWN_ID) },
      );
    }
  });

  it('is in no list, search, count or brand, nor in the sitemap', async () => {
    const search = await inject({ url: `/api/products?q=${encodeURIComponent(NAME)}` });
    expect(search.json()).toMatchObject({ items: [], total: 0 });
    const inCategory = await inject({ url: '/api/products?category=drafts-only' });
    expect(inCategory.json()).toMatchObject({ items: [], total: 0 });
    const category = (await inject({ url: '/api/categories' }))
      .json()
      .find((c: { id: string }) => c.id === 'drafts-only');
    expect(category.count).toBe(0);
    const brand = (await inject({ url: '/api/brands' })).json().find((b: { id: string }) => b.id === 'draftco');
    expect(brand.count).toBe(0);
    const sitemap = await inject({ url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain(draft.slug);
  });

  it('has no page: its address renders the 404 page, like an unknown product’s', async () => {
    for (const url of [`/products/${draft.slug}`, `/products/${draft.id}`]) {
      const page = await inject({ url });
      const unknown = await inject({ url: '/products/no-such-product-slug' });
      expect([url, page.statusCode]).toEqual([url, unknown.statusCode]);
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain(NAME);
    }
  });
});

describe('pictures the shop shows outside a product’s list are public too, drafts’ still not', () => {
  async function uploadPicture() {
    const file = multipartFile(await pngImage(24, 24));
    const res = await inject({
      method: 'POST',
      url: '/api/admin/uploads/images',
      headers: { ...staff, ...file.headers },
      payload: file.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { url: string };
  }

  it('serves a brand’s uploaded logo (brand pages are public)', async () => {
    const logo = await uploadPicture();
    expect((await inject({ url: logo.url })).statusCode).toBe(404);
    const set = await inject({
      method: 'PATCH',
      url: '/api/admin/brands/draftco',
      headers: staff,
      payload: { logo: logo.url },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await inject({ url: logo.url })).statusCode).toBe(200);
  });

  it('serves a variant’s own picture once its product is published, not while it is a draft', async () => {
    const picture = await uploadPicture();
    const shown = await createProduct(t, { available: 3 });
    const hidden = await createProduct(t, { available: 3, published: false });
    await t.db.update(productVariants).set({ image: picture.url }).where(eq(productVariants.productId, hidden.id));
    expect((await inject({ url: picture.url })).statusCode).toBe(404);
    await t.db.update(productVariants).set({ image: picture.url }).where(eq(productVariants.productId, shown.id));
    expect((await inject({ url: picture.url })).statusCode).toBe(200);
  });
});
