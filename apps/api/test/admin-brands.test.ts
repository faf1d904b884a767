import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands } from '../src/db/schema.ts';
import { createVariantProduct } from './admin-catalog-fixtures.ts';
import { authHeaders, rowCount } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

/** Brands as records, managed by staff in admin Brands. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let headers: Record<string, string>;
let staffHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  headers = await authHeaders(t, admin);
  staffHeaders = await authHeaders(t, await createUser(t, { role: 'staff' }));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, h = headers) =>
  t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: h,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const unique = () => Math.random().toString(36).slice(2, 8);

const audited = (id: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe('admin brands', () => {
  it('lists the catalogue’s brands with their product counts', async () => {
    const res = await call('GET', '/brands', undefined, staffHeaders);
    expect(res.statusCode).toBe(200);
    const nike = res.json().items.find((b: { id: string }) => b.id === 'nike');
    expect(nike).toMatchObject({ name: expect.any(String), slug: 'nike', logo: null });
    expect(nike.product_count).toBeGreaterThan(0);
  });

  it('creates, edits and deletes a brand, audited, and the product form offers it at once', async () => {
    const name = `Acme Outdoor ${unique()}`;
    const created = await call('POST', '/brands', { name, description: 'Tents and packs.' }, staffHeaders);
    expect(created.statusCode, created.body).toBe(201);
    const brand = created.json();
    expect(brand).toMatchObject({
      id: brand.slug,
      name,
      logo: null,
      description: 'Tents and packs.',
      product_count: 0,
    });
    expect(brand.slug).toBe(name.toLowerCase().replace(/ /g, '-'));
    const form = await call('GET', '/product-options');
    expect(form.json().brands).toContainEqual({ id: brand.id, name });

    const logo = '/media/uploads/22222222-2222-4222-8222-222222222222/large.webp';
    const edited = await call('PATCH', `/brands/${brand.id}`, { name: 'Acme', slug: `acme-${unique()}`, logo });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: brand.id, name: 'Acme', logo });
    expect(await audited(brand.id, 'brand.update')).toMatchObject([
      { actorId: admin.id, before: { name }, after: { name: 'Acme', logo } },
    ]);

    const removed = await call('DELETE', `/brands/${brand.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await t.db.select().from(brands).where(eq(brands.id, brand.id))).toEqual([]);
    expect(await audited(brand.id, 'brand.delete')).toHaveLength(1);
    expect((await call('DELETE', `/brands/${brand.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/brands/${brand.id}`, { name: 'Ghost' })).statusCode).toBe(404);
  });

  it('refuses to delete a brand while products use it, naming how many', async () => {
    const brand = (await call('POST', '/brands', { name: `Used ${unique()}` })).json();
    const product = await createVariantProduct(t, { overrides: { brandId: brand.id, published: false } });
    const refused = await call('DELETE', `/brands/${brand.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `${brand.name} cannot be deleted: 1 product uses it. Give them another brand first.`,
    );
    expect(await t.db.select().from(brands).where(eq(brands.id, brand.id))).toHaveLength(1);

    // Once the product has another brand (picked from the records), the brand can go.
    const moved = await call('PATCH', `/products/${product.id}`, { brand: 'nike' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call('DELETE', `/brands/${brand.id}`)).statusCode).toBe(204);
  });

  it('refuses taken slugs and bad input, changing nothing', async () => {
    const before = [await rowCount(t, brands), await rowCount(t, auditLog)];
    const cases: [string, string, unknown, number, RegExp][] = [
      ['POST', '/brands', { name: 'Nike again', slug: 'nike' }, 409, /already used by another brand/],
      ['POST', '/brands', { name: '' }, 400, /name is required/],
      ['POST', '/brands', { name: 'X', slug: 'Not a slug!' }, 400, /slug may contain/],
      ['POST', '/brands', { name: 'X', logo: 'https://evil.example/logo.png' }, 400, /uploaded to the shop/],
      ['POST', '/brands', { name: 'X', logo: '/media/../secret' }, 400, /uploaded to the shop/],
      ['POST', '/brands', { name: 'X', description: 'x'.repeat(2001) }, 400, /at most 2000/],
      ['POST', '/brands', { name: 'X', products: 3 }, 400, /Unrecognized key/],
      ['PATCH', '/brands/nike', { slug: 'adidas' }, 409, /already used/],
      ['PATCH', '/brands/Not%20An%20Id', { name: 'X' }, 400, /brand id/],
      ['DELETE', `/brands/${'x'.repeat(51)}`, undefined, 400, /at most 50/],
    ];
    for (const [method, url, payload, status, message] of cases) {
      const res = await call(method as 'POST', url, payload);
      expect([url, JSON.stringify(payload)?.slice(0, 50), res.statusCode]).toEqual([
        url,
        JSON.stringify(payload)?.slice(0, 50),
        status,
      ]);
      expect(res.json().message).toMatch(message);
    }
    expect([await rowCount(t, brands), await rowCount(t, auditLog)]).toEqual(before);
  });

  it('is for staff and admins only', async () => {
    const customer = await authHeaders(t, await createUser(t));
    expect((await call('GET', '/brands', undefined, customer)).statusCode).toBe(403);
    expect((await call('POST', '/brands', { name: 'Sneaky' }, {})).statusCode).toBe(401);
    expect((await call('DELETE', '/brands/nike', undefined, customer)).statusCode).toBe(403);
  });
});
