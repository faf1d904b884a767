import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, featuredCards, products } from '../src/db/schema.ts';
import { multipartFile, pngImage } from './admin-catalog-fixtures.ts';
import { authHeaders, createProduct } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ensureWebBuild } from './web-build.ts';

/** A category's address (its id) as the owner changes it: everything follows, and the old one still leads there. */

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ web: true });
  headers = await authHeaders(t, await createUser(t, { role: 'staff' }));
});
afterAll(() => t.close());

const admin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers, payload });
const unique = () => Math.random().toString(36).slice(2, 7);

async function newCategory(name: string) {
  const res = await admin('POST', '/categories', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

const listed = async (category: string) =>
  ((await t.app.inject({ url: `/api/products?category=${category}` })).json() as { items: { id: string }[] }).items.map(
    (p) => p.id,
  );

describe('a category’s address', () => {
  it('moves with its products and subcategories; the old address answers 301 to the new one', async () => {
    const n = unique();
    const candles = await newCategory(`Candles ${n}`);
    const sub = (await admin('POST', `/categories/${candles.id}/subcategories`, { name: 'Pillar' })).json()
      .subcategories[0] as { id: number };
    const product = await createProduct(t, { categoryId: candles.id, subcategoryId: sub.id });
    await t.db
      .insert(featuredCards)
      .values({ categoryId: candles.id, name: `Gifts ${n}`, slug: `gifts-${n}`, image: '' });

    const moved = await admin('PATCH', `/categories/${candles.id}`, { id: `wax-light-${n}`, name: `Wax light ${n}` });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      id: `wax-light-${n}`,
      name: `Wax light ${n}`,
      former_ids: [candles.id],
      product_count: 1,
      subcategories: [{ id: sub.id, name: 'Pillar' }],
    });
    const [row] = await t.db
      .select({ c: products.categoryId, s: products.subcategoryId })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row).toEqual({ c: `wax-light-${n}`, s: sub.id });
    const [card] = await t.db
      .select()
      .from(featuredCards)
      .where(eq(featuredCards.slug, `gifts-${n}`));
    expect(card?.categoryId).toBe(`wax-light-${n}`);

    // Shoppers' links and bookmarks to the old address keep working.
    expect(await listed(candles.id)).toEqual([product.id]);
    expect(await listed(`wax-light-${n}`)).toEqual([product.id]);
    const page = await t.app.inject({ url: `/products/category/${candles.id}?sort=newest` });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/products/category/wax-light-${n}?sort=newest`);
    expect((await t.app.inject({ url: `/products/category/wax-light-${n}` })).statusCode).toBe(200);

    // A product form still holding the old address saves into the category where it is now.
    const saved = await admin('POST', '/products', { name: `Pillar ${n}`, category: candles.id, regular_price: 12 });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().category).toBe(`wax-light-${n}`);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, candles.id), eq(auditLog.action, 'category.update')));
    expect(entry).toMatchObject({
      action: 'category.update',
      before: { id: candles.id },
      after: { id: `wax-light-${n}` },
    });
  });

  it('is refused while another category has that address or name, and changes nothing', async () => {
    const n = unique();
    const a = await newCategory(`Tapers ${n}`);
    const b = await newCategory(`Tealights ${n}`);
    for (const [taken, holder] of [
      [b.id, `Tealights ${n}`],
      ['clothing', 'Fashion'],
    ] as const) {
      const res = await admin('PATCH', `/categories/${a.id}`, { id: taken, name: 'Renamed' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: `The address ${taken} is taken by the category ${holder}: choose another`,
        details: { field: 'id' },
      });
    }
    const bad = await admin('PATCH', `/categories/${a.id}`, { id: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
    const list = (await t.app.inject({ url: '/api/admin/categories', headers })).json().items as {
      id: string;
      name: string;
    }[];
    expect(list.find((c) => c.id === a.id)).toMatchObject({ name: `Tapers ${n}` });
  });

  it('an old address given to another category is that category’s from then on', async () => {
    const n = unique();
    const first = await newCategory(`Lamps ${n}`);
    await createProduct(t, { categoryId: first.id });
    expect((await admin('PATCH', `/categories/${first.id}`, { id: `lights-${n}` })).statusCode).toBe(200);

    // The freed address taken by a new category: it no longer leads to the one that left it.
    const second = await newCategory(`Lamps ${n}`);
    expect(second.id).toBe(first.id);
    expect(await listed(first.id)).toEqual([]);
    expect((await t.app.inject({ url: `/products/category/${first.id}` })).statusCode).toBe(200);
    const lights = (await t.app.inject({ url: '/api/admin/categories', headers }))
      .json()
      .items.find((c: { id: string }) => c.id === `lights-${n}`);
    expect(lights.former_ids).toEqual([]);

    // And back: a category may take an address it had before.
    const back = await admin('PATCH', `/categories/lights-${n}`, { id: `lamps-${n}-old` });
    expect(back.json().former_ids).toEqual([`lights-${n}`]);
    const again = await admin('PATCH', `/categories/lamps-${n}-old`, { id: `lights-${n}` });
    expect(again.json().former_ids).toEqual([`lamps-${n}-old`]);
  });
});

describe('a hidden category', () => {
  it('is nowhere in the shop and its page is not found, while its products stay listed; shown again, it is back', async () => {
    const n = unique();
    const category = await newCategory(`Seasonal ${n}`);
    const product = await createProduct(t, { categoryId: category.id });
    const menu = async () =>
      ((await t.app.inject({ url: '/api/categories' })).json() as { id: string }[]).map((c) => c.id);
    const sitemap = async () => (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect(await menu()).toContain(category.id);

    const hidden = await admin('PATCH', `/categories/${category.id}`, { hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true, product_count: 1 });
    expect(await menu()).not.toContain(category.id);
    expect((await t.app.inject({ url: `/products/category/${category.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/categories' })).body).not.toContain(`Seasonal ${n}`);
    expect(await sitemap()).not.toContain(`/products/category/${category.id}<`);
    expect(await listed(category.id)).toEqual([product.id]);
    const inAdmin = (await t.app.inject({ url: '/api/admin/categories', headers })).json().items as {
      id: string;
      hidden: boolean;
    }[];
    expect(inAdmin.find((c) => c.id === category.id)?.hidden).toBe(true);

    expect((await admin('PATCH', `/categories/${category.id}`, { hidden: false })).statusCode).toBe(200);
    expect(await menu()).toContain(category.id);
    expect((await t.app.inject({ url: `/products/category/${category.id}` })).statusCode).toBe(200);
    expect(await sitemap()).toContain(`/products/category/${category.id}<`);
  });

  it('can be made hidden from the start', async () => {
    const res = await admin('POST', '/categories', { name: `Draft ${unique()}`, hidden: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().hidden).toBe(true);
    expect((await admin('POST', '/categories', { name: 'x', hidden: 'yes' })).statusCode).toBe(400);
  });
});

describe('a category’s aliases', () => {
  it('lead to it: its page answers 301 from each, and the listing takes them; one already a name is refused', async () => {
    const n = unique();
    const category = await newCategory(`Outerwear ${n}`);
    const product = await createProduct(t, { categoryId: category.id });
    const res = await admin('PATCH', `/categories/${category.id}`, { aliases: [`coats-${n}`, `jackets-${n}`] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().aliases).toEqual([`coats-${n}`, `jackets-${n}`]);
    const page = await t.app.inject({ url: `/products/category/jackets-${n}` });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/products/category/${category.id}`);
    expect(await listed(`coats-${n}`)).toEqual([product.id]);

    for (const [aliases, message] of [
      [['clothing'], 'clothing is already a name of the category Fashion: choose another'],
      [['electronics'], 'electronics is already a name of the category Electronics: choose another'],
      [[category.id], `${category.id} is already a name of the category Outerwear ${n}: choose another`],
    ] as const) {
      const refused = await admin('PATCH', `/categories/${category.id}`, { aliases });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message, details: { field: 'aliases' } });
    }
    expect((await admin('PATCH', `/categories/${category.id}`, { aliases: ['a', 'a'] })).statusCode).toBe(400);
    expect((await admin('PATCH', `/categories/${category.id}`, { aliases: ['Not Slug'] })).statusCode).toBe(400);

    expect((await admin('PATCH', `/categories/${category.id}`, { aliases: [] })).json().aliases).toEqual([]);
    expect((await t.app.inject({ url: `/products/category/jackets-${n}` })).statusCode).toBe(404);
  });
});

describe('a category’s picture and its words for search engines', () => {
  it('are the owner’s: the page’s title and description, the picture on /categories, public once shown', async () => {
    const candles = await newCategory(`Tealights ${unique()}`);
    const upload = multipartFile(await pngImage(300, 100));
    const picture = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/uploads/images',
        headers: { ...headers, ...upload.headers },
        payload: upload.payload,
      })
    ).json().url as string;
    // An upload no page shows yet is staff's only.
    expect((await t.app.inject({ url: picture })).statusCode).toBe(404);

    const res = await admin('PATCH', `/categories/${candles.id}`, {
      picture,
      seo_title: 'Tealights that burn clean',
      seo_description: 'Small candles of beeswax, poured by hand.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ picture, seo_title: 'Tealights that burn clean' });

    const page = (await t.app.inject({ url: `/products/category/${candles.id}` })).body;
    expect(page).toMatch(/<title>Tealights that burn clean[^<]*<\/title>/);
    expect(page).toContain('<meta name="description" content="Small candles of beeswax, poured by hand."/>');
    expect((await t.app.inject({ url: '/categories' })).body).toContain(`src="${picture}"`);
    expect((await t.app.inject({ url: picture })).statusCode).toBe(200);
  });

  it('refuses a picture from elsewhere and words too long for a search result, and keeps what it had', async () => {
    const c = await newCategory(`Wicks ${unique()}`);
    const bad: [object, string][] = [
      [{ picture: 'https://elsewhere.example/a.png' }, 'picture must be one uploaded to the shop'],
      [{ seo_title: 'x'.repeat(71) }, 'at most 70 characters'],
      [{ seo_description: 'x'.repeat(161) }, 'at most 160 characters'],
      [{ seo_title: 'two\nlines' }, 'one plain line'],
    ];
    for (const [body, message] of bad) {
      const res = await admin('PATCH', `/categories/${c.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const [kept] = (
      (await t.app.inject({ url: '/api/admin/categories', headers })).json() as {
        items: { id: string; picture: string | null; seo_title: string }[];
      }
    ).items.filter((x) => x.id === c.id);
    expect(kept).toMatchObject({ picture: null, seo_title: '' });
  });
});

describe('a category’s featured cards', () => {
  const call = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, h = headers) =>
    t.app.inject({ method, url: `/api/admin${url}`, headers: h, ...(payload ? { payload } : {}) });
  type Card = { id: number; name: string; slug: string; image: string; link: string | null };
  const menuCards = async (id: string) =>
    (
      (await t.app.inject({ url: '/api/categories' })).json() as {
        id: string;
        featured: { name: string; slug: string; image: string; href: string }[];
      }[]
    ).find((c) => c.id === id)?.featured;
  async function uploaded() {
    const upload = multipartFile(await pngImage(320, 200));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads/images',
      headers: { ...headers, ...upload.headers },
      payload: upload.payload,
    });
    return res.json().url as string;
  }
  const featuredOf = async (id: string) =>
    (await t.db.select({ f: products.featured }).from(products).where(eq(products.id, id)))[0]?.f;

  it('the owner adds, relinks, renames, reorders and deletes them; the menu follows and products lose a deleted tag', async () => {
    const n = unique();
    const candles = await newCategory(`Lanterns ${n}`);
    const [pictureA, pictureB] = [await uploaded(), await uploaded()];
    // An upload no page shows is staff's only.
    expect((await t.app.inject({ url: pictureA })).statusCode).toBe(404);

    const first = await call('POST', `/categories/${candles.id}/featured`, { name: `Gift Sets ${n}`, image: pictureA });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call('POST', `/categories/${candles.id}/featured`, {
      name: `Outdoor ${n}`,
      image: pictureB,
      link: '/products?tag=garden',
    });
    expect(second.statusCode, second.body).toBe(201);
    const [a, b] = second.json().featured as Card[];
    expect(a).toMatchObject({ name: `Gift Sets ${n}`, slug: `gift sets ${n}`, image: pictureA, link: null });
    expect(b).toMatchObject({ name: `Outdoor ${n}`, link: '/products?tag=garden' });
    // Shoppers: the cards in order, each leading to its products or to the owner's link; their pictures public.
    expect(await menuCards(candles.id)).toEqual([
      {
        name: `Gift Sets ${n}`,
        slug: `gift sets ${n}`,
        image: pictureA,
        href: `/products?featured=gift%20sets%20${n}`,
      },
      { name: `Outdoor ${n}`, slug: `outdoor ${n}`, image: pictureB, href: '/products?tag=garden' },
    ]);
    expect((await t.app.inject({ url: pictureA })).statusCode).toBe(200);

    // A product tagged with the first card is listed by it; a rename keeps the slug, so it still is.
    const product = await createProduct(t, { categoryId: candles.id, published: true });
    await t.db
      .update(products)
      .set({ featured: [a!.slug] })
      .where(eq(products.id, product.id));
    const renamed = await call('PATCH', `/categories/${candles.id}/featured/${a!.id}`, {
      name: `Gifts ${n}`,
      link: '',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().featured[0]).toMatchObject({ name: `Gifts ${n}`, slug: a!.slug, link: null });
    const byCard = await t.app.inject({ url: `/api/products?featured=${encodeURIComponent(a!.slug)}` });
    expect(byCard.json().items.map((p: { id: string }) => p.id)).toEqual([product.id]);

    const order = await call('PUT', `/categories/${candles.id}/featured/order`, { ids: [b!.id, a!.id] });
    expect(order.statusCode, order.body).toBe(200);
    expect((await menuCards(candles.id))?.map((c) => c.name)).toEqual([`Outdoor ${n}`, `Gifts ${n}`]);
    const partial = await call('PUT', `/categories/${candles.id}/featured/order`, { ids: [b!.id] });
    expect(partial.statusCode).toBe(409);

    const gone = await call('DELETE', `/categories/${candles.id}/featured/${a!.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().featured.map((c: Card) => c.id)).toEqual([b!.id]);
    expect(await featuredOf(product.id)).toEqual([]);
    expect((await call('DELETE', `/categories/${candles.id}/featured/${a!.id}`)).statusCode).toBe(404);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'featured_card'), eq(auditLog.entityId, String(a!.id))));
    expect(audits.map((r) => r.action).sort()).toEqual([
      'featured_card.create',
      'featured_card.delete',
      'featured_card.update',
    ]);
  });

  it('refuses a label another card has, a link that could run, a picture from elsewhere; shoppers may not change them', async () => {
    const n = unique();
    const candles = await newCategory(`Wax ${n}`);
    const image = await uploaded();
    expect((await call('POST', `/categories/${candles.id}/featured`, { name: `Bright ${n}`, image })).statusCode).toBe(
      201,
    );
    const other = await newCategory(`Oil ${n}`);
    const taken = await call('POST', `/categories/${other.id}/featured`, { name: `BRIGHT ${n}`, image });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`A featured card named BRIGHT ${n} is already in Wax ${n}: choose another label`);
    const bad: [object, string][] = [
      [{ name: 'A', image, link: 'javascript:alert(1)' }, 'the card link must be a path of this shop'],
      [{ name: 'A', image, link: '//elsewhere.example' }, 'the card link must be a path of this shop'],
      [{ name: 'A', image: 'https://elsewhere.example/a.png' }, 'the card picture must be one uploaded to the shop'],
      [{ name: '', image }, 'the card label is required'],
      [{ name: 'x'.repeat(41), image }, 'at most 40 characters'],
      [{ name: 'Pens, pencils', image }, 'may not contain a comma'],
      [{ name: 'A', image, extra: 1 }, ''],
    ];
    for (const [body, message] of bad) {
      const res = await call('POST', `/categories/${other.id}/featured`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await menuCards(other.id)).toEqual([]);
    expect((await call('PATCH', `/categories/${other.id}/featured/999999`, { name: 'B' })).statusCode).toBe(404);

    const shopper = await authHeaders(t, await createUser(t, { role: 'customer' }));
    const refused = await call('POST', `/categories/${other.id}/featured`, { name: 'Mine', image }, shopper);
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/categories/${other.id}/featured`,
      payload: { name: 'Mine', image },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
