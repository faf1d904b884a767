import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../src/db/schema.ts';
import { authHeaders } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

/** A product's tags: the owner's own words, set in the product form and kept through an edit. */

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = await authHeaders(t, await createUser(t, { role: 'staff' }));
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const storedTags = async (id: string) =>
  (await t.db.select({ tags: products.tags }).from(products).where(eq(products.id, id)))[0]?.tags;

describe('product tags', () => {
  it('are set when a product is made, changed by an edit, audited, and kept when the edit leaves them out', async () => {
    const created = await call('POST', '/products', {
      name: `Pillar candle ${Math.random().toString(36).slice(2, 7)}`,
      category: 'home',
      regular_price: 12,
      tags: ['beeswax', ' hand-poured '],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, tags } = created.json();
    expect(tags).toEqual(['beeswax', 'hand-poured']);

    const edited = await call('PATCH', `/products/${id}`, { tags: ['beeswax', 'unscented'] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().tags).toEqual(['beeswax', 'unscented']);
    expect(await storedTags(id)).toEqual(['beeswax', 'unscented']);

    expect((await call('PATCH', `/products/${id}`, { name: 'Pillar candle, tall' })).statusCode).toBe(200);
    expect(await storedTags(id)).toEqual(['beeswax', 'unscented']);

    const [entry] = await t.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'product.update')))
      .limit(1);
    expect(JSON.stringify(entry?.before)).toContain('hand-poured');
    expect(JSON.stringify(entry?.after)).toContain('unscented');
  });

  it('refuse a repeated, empty or too long tag, or too many, and change nothing', async () => {
    const created = await call('POST', '/products', { name: 'Taper candle pair', category: 'home', regular_price: 8 });
    const { id } = created.json();
    const cases: [unknown, RegExp][] = [
      [['Red', 'red'], /Tags must not repeat/],
      [['ok', ' '], /Tags must not contain empty entries/],
      [['x'.repeat(101)], /each of Tags must be at most 100 characters/],
      [Array.from({ length: 51 }, (_, i) => `tag ${i}`), /Tags may have at most 50 entries/],
      ['beeswax', /Tags must be a list of texts/],
    ];
    for (const [tags, message] of cases) {
      const res = await call('PATCH', `/products/${id}`, { tags });
      expect(res.statusCode, JSON.stringify(tags)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await storedTags(id)).toEqual([]);
  });
});
