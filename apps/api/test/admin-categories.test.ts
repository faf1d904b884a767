import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../src/db/schema.ts';
import { authHeaders, createProduct } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

/** The owner's categories: the tree, the menu panel's content, and what the storefront's menu then shows. */

let t: TestApp;
let headers: Record<string, string>;
let staffHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = await authHeaders(t, await createUser(t, { role: 'admin' }));
  staffHeaders = await authHeaders(t, await createUser(t, { role: 'staff' }));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, h = headers) =>
  t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: h,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

interface MenuCategory {
  id: string;
  name: string;
  offer: { title: string; text: string; link: string | null } | null;
  badge: string | null;
  subcategories: { name: string; slug: string; count: number }[];
}
/** The storefront's menu, as every shopper gets it. */
const menu = async (): Promise<MenuCategory[]> =>
  (await t.app.inject({ method: 'GET', url: '/api/categories' })).json();
const unique = () => Math.random().toString(36).slice(2, 7);

async function newCategory(name: string, body: Record<string, unknown> = {}) {
  const res = await call('POST', '/categories', { name, ...body }, staffHeaders);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; subcategories: { id: number; name: string }[] };
}

const productCategory = async (id: string) =>
  (
    await t.db.select({ c: products.categoryId, s: products.subcategoryId }).from(products).where(eq(products.id, id))
  )[0];

describe('admin categories', () => {
  it('lists the demo’s categories in menu order, each with its panel’s offer and badge as data', async () => {
    const res = await call('GET', '/categories', undefined, staffHeaders);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string; offer: unknown; badge: string; product_count: number }[];
    expect(items.map((c) => c.id)).toEqual(['electronics', 'fashion', 'home', 'sports', 'books']);
    expect(items[0]).toMatchObject({
      offer: { title: 'Special Offers', text: 'Up to 50% off on Electronics - Limited time!', link: null },
      badge: 'Trending Now',
    });
    expect(items[0]?.product_count).toBeGreaterThan(0);
  });

  it('a new category shows in the menu with no offer and no badge until the owner writes them', async () => {
    const name = `Candles ${unique()}`;
    const candles = await newCategory(name, { icon: 'Flame', description: 'Poured by hand.' });
    expect(candles.id).toBe(name.toLowerCase().replace(' ', '-'));
    for (const sub of ['Pillar', 'Taper']) {
      const res = await call('POST', `/categories/${candles.id}/subcategories`, { name: sub });
      expect(res.statusCode, res.body).toBe(201);
    }
    const shown = (await menu()).find((c) => c.id === candles.id);
    expect(shown).toMatchObject({ name, offer: null, badge: null });
    expect(shown?.subcategories.map((s) => [s.name, s.slug, s.count])).toEqual([
      ['Pillar', 'pillar', 0],
      ['Taper', 'taper', 0],
    ]);

    const offer = { title: 'Winter sale', text: 'Pillar candles at 20% off until Sunday', link: '/products?sale=1' };
    const written = await call('PATCH', `/categories/${candles.id}`, { offer, badge: 'New' });
    expect(written.statusCode, written.body).toBe(200);
    expect((await menu()).find((c) => c.id === candles.id)).toMatchObject({ offer, badge: 'New' });

    const off = await call('PATCH', `/categories/${candles.id}`, { offer: null, badge: '' });
    expect(off.statusCode, off.body).toBe(200);
    expect((await menu()).find((c) => c.id === candles.id)).toMatchObject({ offer: null, badge: null });

    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'category'), eq(auditLog.entityId, candles.id)));
    expect(audit.map((a) => a.action)).toEqual(['category.create', 'category.update', 'category.update']);
  });

  it('turning the demo’s offer off removes it from the menu (no promotion the owner did not write)', async () => {
    const res = await call('PATCH', '/categories/books', { offer: null, badge: null });
    expect(res.statusCode, res.body).toBe(200);
    expect((await menu()).find((c) => c.id === 'books')).toMatchObject({ offer: null, badge: null });
  });

  it('reorders the menu, and refuses an order that leaves a category out', async () => {
    const before = (await call('GET', '/categories')).json().items.map((c: { id: string }) => c.id) as string[];
    const reversed = [...before].reverse();
    const res = await call('PUT', '/categories/order', { ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect((await menu()).map((c) => c.id)).toEqual(reversed);

    const missing = await call('PUT', '/categories/order', { ids: reversed.slice(1) });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe('The list has changed since it was loaded: reload it and order it again');
    const twice = await call('PUT', '/categories/order', { ids: [...reversed, reversed[0]] });
    expect(twice.statusCode).toBe(400);
    expect((await menu()).map((c) => c.id)).toEqual(reversed);
    await call('PUT', '/categories/order', { ids: before });
  });

  it('refuses to delete a category with products unless they move, then moves them in the same step', async () => {
    const from = await newCategory(`Tapers ${unique()}`);
    const to = await newCategory(`Lights ${unique()}`);
    const sub = (await call('POST', `/categories/${from.id}/subcategories`, { name: 'Long' })).json().subcategories[0];
    const product = await createProduct(t, { categoryId: from.id, subcategoryId: sub.id });

    const refused = await call('DELETE', `/categories/${from.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/cannot be deleted: 1 product is in it\. Choose a category to move/);
    expect(await productCategory(product.id)).toEqual({ c: from.id, s: sub.id });

    const nowhere = await call('DELETE', `/categories/${from.id}?move_to=no-such-category`);
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().details).toMatchObject({ field: 'move_to' });
    const itself = await call('DELETE', `/categories/${from.id}?move_to=${from.id}`);
    expect(itself.statusCode).toBe(422);

    const moved = await call('DELETE', `/categories/${from.id}?move_to=${to.id}`);
    expect(moved.statusCode, moved.body).toBe(204);
    expect(await productCategory(product.id)).toEqual({ c: to.id, s: null });
    expect((await menu()).some((c) => c.id === from.id)).toBe(false);
    expect((await call('DELETE', `/categories/${from.id}`)).statusCode).toBe(404);
  });

  it('renames, moves and deletes subcategories; products follow a moved one and stay when one is deleted', async () => {
    const a = await newCategory(`Wax ${unique()}`);
    const b = await newCategory(`Wicks ${unique()}`);
    const subs = (await call('POST', `/categories/${a.id}/subcategories`, { name: 'Soy' })).json().subcategories;
    await call('POST', `/categories/${a.id}/subcategories`, { name: 'Beeswax' });
    const soy = subs[0].id as number;
    const product = await createProduct(t, { categoryId: a.id, subcategoryId: soy });

    const taken = await call('PATCH', `/categories/${a.id}/subcategories/${soy}`, { name: 'Beeswax' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/already has a subcategory named Beeswax/);

    const renamed = await call('PATCH', `/categories/${a.id}/subcategories/${soy}`, { name: 'Soy Wax' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().subcategories[0]).toMatchObject({
      id: soy,
      name: 'Soy Wax',
      slug: 'soy wax',
      product_count: 1,
    });

    const moved = await call('PATCH', `/categories/${a.id}/subcategories/${soy}`, { category_id: b.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().id).toBe(b.id);
    expect(await productCategory(product.id)).toEqual({ c: b.id, s: soy });
    expect((await call('PATCH', `/categories/${a.id}/subcategories/${soy}`, { name: 'x' })).statusCode).toBe(404);

    const deleted = await call('DELETE', `/categories/${b.id}/subcategories/${soy}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().subcategories).toEqual([]);
    expect(await productCategory(product.id)).toEqual({ c: b.id, s: null });
  });

  it('a renamed subcategory’s old slug still finds it, until another subcategory of its category is called that', async () => {
    const c = await newCategory(`Tapers ${unique()}`);
    const sub = (await call('POST', `/categories/${c.id}/subcategories`, { name: 'Dinner' })).json().subcategories[0];
    const product = await createProduct(t, { categoryId: c.id, subcategoryId: sub.id });
    const listed = async (slug: string) =>
      (
        (await t.app.inject({ url: `/api/products?category=${c.id}&subcategory=${encodeURIComponent(slug)}` })).json()
          .items as { id: string }[]
      ).map((p) => p.id);
    expect(
      (await call('PATCH', `/categories/${c.id}/subcategories/${sub.id}`, { name: 'Dinner Tapers' })).statusCode,
    ).toBe(200);
    expect(await listed('dinner tapers')).toEqual([product.id]);
    expect(await listed('dinner')).toEqual([product.id]);
    expect((await menu()).find((x) => x.id === c.id)?.subcategories[0]).toMatchObject({
      slug: 'dinner tapers',
      former_slugs: ['dinner'],
    });
    // A new subcategory called Dinner takes the slug: the old links now lead to it.
    expect((await call('POST', `/categories/${c.id}/subcategories`, { name: 'Dinner' })).statusCode).toBe(201);
    expect(await listed('dinner')).toEqual([]);
  });

  it('reorders a category’s subcategories', async () => {
    const c = await newCategory(`Holders ${unique()}`);
    for (const name of ['Brass', 'Glass', 'Wood']) await call('POST', `/categories/${c.id}/subcategories`, { name });
    const ids = (await call('GET', '/categories'))
      .json()
      .items.find((x: { id: string }) => x.id === c.id)
      .subcategories.map((s: { id: number }) => s.id) as number[];
    const res = await call('PUT', `/categories/${c.id}/subcategories/order`, { ids: [ids[2], ids[0], ids[1]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subcategories.map((s: { name: string }) => s.name)).toEqual(['Wood', 'Brass', 'Glass']);
    expect((await menu()).find((x) => x.id === c.id)?.subcategories.map((s) => s.name)).toEqual([
      'Wood',
      'Brass',
      'Glass',
    ]);
    expect((await call('PUT', `/categories/${c.id}/subcategories/order`, { ids: [ids[0]] })).statusCode).toBe(409);
  });

  it('refuses bad input with a message on the field and changes nothing', async () => {
    const c = await newCategory(`Scents ${unique()}`);
    const cases: [string, unknown, RegExp][] = [
      ['offer link running script', { offer: { title: 'A', text: 'B', link: 'javascript:alert(1)' } }, /offer link/],
      ['protocol-relative link', { offer: { title: 'A', text: 'B', link: '//evil.example/' } }, /offer link/],
      ['offer without text', { offer: { title: 'A', text: ' ' } }, /offer text is required/],
      ['long badge', { badge: 'x'.repeat(31) }, /badge must be at most 30/],
      ['empty name', { name: '  ' }, /name is required/],
      ['icon with markup', { icon: '<svg>' }, /icon must be the name of an icon/],
      ['unknown field', { position: 3 }, /./],
    ];
    for (const [what, body, message] of cases) {
      const res = await call('PATCH', `/categories/${c.id}`, body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().message, what).toMatch(message);
    }
    expect((await call('GET', '/categories')).json().items.find((x: { id: string }) => x.id === c.id)).toMatchObject({
      offer: null,
      badge: null,
      name: expect.stringMatching(/^Scents /),
    });
    expect((await call('PATCH', '/categories/NOT_A_SLUG', { name: 'x' })).statusCode).toBe(400);
    expect((await call('PATCH', `/categories/${c.id}/subcategories/0`, { name: 'x' })).statusCode).toBe(400);
  });

  it('is for staff: a shopper is refused', async () => {
    const shopper = await authHeaders(t, await createUser(t));
    expect((await call('GET', '/categories', undefined, shopper)).statusCode).toBe(403);
    expect((await call('POST', '/categories', { name: 'Nope' }, shopper)).statusCode).toBe(403);
  });
});
