import { randomBytes } from 'node:crypto';
import { combinations, defaultSku, optionsFromLists, specLists, splitEvenly } from '@shop/contracts/variants';
import { asc, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { categories, products, productVariants } from '../src/db/schema.ts';
import { createUser, type TestApp } from './helpers.ts';

/** A variant of a test product: its option values (in the product's option order) and what it overrides. */
export interface VariantSpec {
  values?: (string | null)[];
  available?: number;
  soldCount?: number;
  priceCents?: number | null;
  compareAtCents?: number | null;
  sku?: string;
  image?: string | null;
}

type ProductOverrides = Partial<typeof products.$inferInsert>;

/**
 * Factories for the cart, wishlist and engagement tests: each test creates the products it asserts on
 * instead of relying on the demo seed.
 *
 * A product is created with its variants (ADR 023): its options are `overrides.options`, or
 * made from `colors` / `availableSizes`; without `variants`, one variant per combination (one for a
 * product without options) shares `available` (default 100) and `soldCount` evenly, as the demo seed
 * and migration 0001 do. The product's own `available` and `sold_count` are the trigger's sums.
 */
export async function createProduct(t: TestApp, overrides: ProductOverrides = {}, variants?: VariantSpec[]) {
  await t.db.insert(categories).values({ id: 'electronics', name: 'Electronics', icon: 'cpu' }).onConflictDoNothing();
  const n = randomBytes(5).toString('hex');
  const { available = 100, soldCount = 0, ...rest } = overrides;
  const options = rest.options ?? optionsFromLists(rest.colors ?? [], rest.availableSizes ?? []);
  const lists = specLists(options);
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
      colors: lists.colors,
      availableSizes: lists.sizes,
      ...rest,
      options,
      available: 0,
      soldCount: 0,
    })
    .returning();
  if (!product) throw new Error('product not created');
  const combos = combinations(options);
  const stock = splitEvenly(available, combos.length);
  const sold = splitEvenly(soldCount, combos.length);
  const specs: VariantSpec[] =
    variants ?? combos.map((values, k) => ({ values, available: stock[k], soldCount: sold[k] }));
  const rows = specs.map((v, position) => {
    const values = v.values ?? combos[position] ?? [];
    return {
      productId: product.id,
      sku: v.sku ?? (specs.length === 1 ? product.slug : defaultSku(product.slug, values)),
      option1: values[0] ?? null,
      option2: values[1] ?? null,
      option3: values[2] ?? null,
      available: v.available ?? 0,
      soldCount: v.soldCount ?? 0,
      priceCents: v.priceCents ?? null,
      compareAtCents: v.compareAtCents ?? null,
      image: v.image ?? null,
      position,
    };
  });
  const created = rows.length === 0 ? [] : await t.db.insert(productVariants).values(rows).returning();
  const [rolledUp] = await t.db.select().from(products).where(eq(products.id, product.id));
  if (!rolledUp) throw new Error('product vanished');
  return { ...rolledUp, variants: created };
}

/** A product's variants, in their order. */
export function variantsOf(t: TestApp, productId: string) {
  return t.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

/**
 * Sets stock the way staff do: on a variant (its id), or on every variant of a product
 * (its id), shared evenly. The product's `available` follows by the roll-up trigger: never write it.
 */
export async function setStock(t: TestApp, variantOrProductId: string, available: number): Promise<void> {
  const [variant] = await t.db
    .update(productVariants)
    .set({ available })
    .where(eq(productVariants.id, variantOrProductId))
    .returning({ id: productVariants.id });
  if (variant) return;
  const variants = await variantsOf(t, variantOrProductId);
  if (variants.length === 0) throw new Error(`no variant or product with variants ${variantOrProductId}`);
  const shares = splitEvenly(available, variants.length);
  for (const [k, v] of variants.entries()) {
    await t.db.update(productVariants).set({ available: shares[k] }).where(eq(productVariants.id, v.id));
  }
}

/** A variant's stock now (-1 when it is gone). */
export async function variantStock(t: TestApp, variantId: string): Promise<number> {
  const [v] = await t.db
    .select({ available: productVariants.available })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return v?.available ?? -1;
}

/** A user and a ready Authorization header of a new session of theirs. */
export async function signedInUser(t: TestApp, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, overrides);
  return { ...user, headers: await authHeaders(t, user) };
}

/** An Authorization header for a new session of the user (access tokens name their session). */
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
