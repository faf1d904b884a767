import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { categories, products } from '../src/db/schema.ts';
import { createUser, type TestApp } from './helpers.ts';

/**
 * Factories for the cart, wishlist and engagement tests: each test creates the products it asserts on
 * instead of relying on the demo seed.
 */
export async function createProduct(t: TestApp, overrides: Partial<typeof products.$inferInsert> = {}) {
  await t.db.insert(categories).values({ id: 'electronics', name: 'Electronics', icon: 'cpu' }).onConflictDoNothing();
  const n = randomBytes(5).toString('hex');
  const [product] = await t.db
    .insert(products)
    .values({
      slug: `test-product-${n}`,
      name: `Test product ${n}`,
      categoryId: 'electronics',
      regularPriceCents: 2499,
      salePriceCents: 1999,
      percentageDiscount: 20,
      images: [`https://img.example/${n}.jpg`],
      available: 100,
      ...overrides,
    })
    .returning();
  if (!product) throw new Error('product not created');
  return product;
}

/** A user and a ready Authorization header of a new session of theirs. */
export async function signedInUser(t: TestApp, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, overrides);
  return { ...user, headers: await authHeaders(t, user) };
}

/** An Authorization header for a new session of the user (access tokens name their session: issue 10 point 4). */
export async function authHeaders(t: TestApp, user: { id: string; role: 'customer' | 'staff' | 'admin' }) {
  const { access } = await t.app.services.auth.startSession(user);
  return { authorization: `Bearer ${access}` };
}

export async function rowCount(t: TestApp, table: PgTable): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

let ipCounter = 0;
/** A fresh client address, so per-IP rate limits do not interfere with tests about something else. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}
