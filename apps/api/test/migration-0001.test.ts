import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { combinations, defaultSku, optionsFromLists, sameValue } from '@shop/contracts/variants';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations } from '../src/db/migrate.ts';
import { withDatabase } from './global-setup.ts';

/**
 * ADR 023: a database made by the previous release (the fixture dump of
 * scripts/make-release-fixture.mjs: its demo seed, then carts, orders, stock, subscriptions and a review
 * made through its API, and an admin who removed a colour and added colours afterwards) upgrades in place
 * at start. Nothing is lost: every row is still there (merged cart lines aside, their quantities summed),
 * every product's stock and sales are its variants' sums, carts hold what they held.
 */
const FIXTURE = path.join(import.meta.dirname, 'fixtures/release-13.sql.gz');

let name: string;
let pool: pg.Pool;

interface ProductRow {
  id: string;
  slug: string;
  available: number;
  sold_count: number;
  colors: string[];
  available_sizes: string[];
}
interface LineRow {
  id: string;
  cart_id: string;
  product_id: string;
  color: string;
  size: string;
  quantity: number;
}
interface OrderLineRow {
  id: string;
  product_id: string | null;
  color: string | null;
  size: string | null;
  quantity: number;
  unit_price_cents: number;
}

/** What the previous release's database held, read before migrating. */
let before: {
  tables: Map<string, number>;
  products: Map<string, ProductRow>;
  cartLines: LineRow[];
  orderLines: OrderLineRow[];
  figures: Record<string, unknown>;
};

const rows = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  (await pool.query<T>(sql, params)).rows;

/** Row count of every table of the shop's schema. */
async function tableCounts(): Promise<Map<string, number>> {
  const tables = await rows<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const out = new Map<string, number>();
  for (const t of tables) {
    const [row] = await rows<{ n: number }>(`select count(*)::int as n from "${t.name}"`);
    out.set(t.name, row?.n ?? 0);
  }
  return out;
}

/** Totals that no step of the migration may change. */
const FIGURES = `select
  (select sum(available)::int from products) as available,
  (select sum(sold_count)::int from products) as sold,
  (select count(*)::int from orders) as orders,
  (select sum(total_cents)::bigint::text from orders) as order_totals,
  (select sum(quantity)::int from order_lines) as ordered_units,
  (select sum(quantity * unit_price_cents)::bigint::text from order_lines) as ordered_value,
  (select count(*)::int from stock_movements) as movements,
  (select sum(delta)::int from stock_movements) as movement_sum,
  (select count(*)::int from product_subscribers) as subscribers,
  (select count(*)::int from reviews) as reviews,
  (select sum(rating)::int from reviews) as rating_sum,
  (select count(*)::int from brands) as brands`;

const cartQuantities = (lines: { cart_id: string; quantity: number }[]) => {
  const out = new Map<string, number>();
  for (const l of lines) out.set(l.cart_id, (out.get(l.cart_id) ?? 0) + l.quantity);
  return out;
};

beforeAll(async () => {
  name = `shop_m_${inject('pgRun')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(inject('pgServerUrl'), 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(inject('pgServerUrl'), name);

  // The dump is plain SQL (INSERTs, no psql commands): one simple query on a client of its own, as the
  // dump sets an empty search_path for its session.
  const loader = new pg.Client({ connectionString: url });
  await loader.connect();
  await loader.query(gunzipSync(fs.readFileSync(FIXTURE)).toString('utf8'));
  await loader.end();

  pool = new pg.Pool({ connectionString: url, max: 3 });
  // The job queue's migration (graphile-worker) wants a pool that handles its idle clients' errors.
  pool.on('error', () => {});
  before = {
    tables: await tableCounts(),
    products: new Map(
      (await rows<ProductRow>('select id, slug, available, sold_count, colors, available_sizes from products')).map(
        (p) => [p.id, p],
      ),
    ),
    cartLines: await rows<LineRow>('select id, cart_id, product_id, color, size, quantity from cart_items'),
    orderLines: await rows<OrderLineRow>(
      'select id, product_id, color, size, quantity, unit_price_cents from order_lines',
    ),
    figures: (await rows(FIGURES))[0] ?? {},
  };
  await applyMigrations(pool);
});

afterAll(async () => {
  await pool?.end();
  const admin = new pg.Client({ connectionString: withDatabase(inject('pgServerUrl'), 'postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

interface VariantRow {
  id: string;
  product_id: string;
  sku: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  available: number;
  sold_count: number;
  position: number;
}
const variants = () => rows<VariantRow>('select * from product_variants order by product_id, position');
const byProduct = <T extends { product_id: string }>(list: T[]) => {
  const out = new Map<string, T[]>();
  for (const v of list) out.set(v.product_id, [...(out.get(v.product_id) ?? []), v]);
  return out;
};

describe('migration 0001 of a database made by the previous release (ADR 023)', () => {
  it('the fixture is a shop that was used: carts with choices, orders, stock movements, subscriptions, reviews', () => {
    expect(before.tables.get('products')).toBeGreaterThan(1000);
    expect(before.cartLines.length).toBeGreaterThanOrEqual(7);
    expect(before.tables.get('orders')).toBeGreaterThan(100);
    expect(before.tables.get('stock_movements')).toBeGreaterThan(0);
    expect(before.tables.get('product_subscribers')).toBeGreaterThan(0);
    expect(before.tables.get('reviews')).toBeGreaterThan(0);
    // It predates variants.
    expect(before.tables.has('product_variants')).toBe(false);
  });

  it('loses no row and changes no total', async () => {
    const after = await tableCounts();
    const merged = before.cartLines.length - (after.get('cart_items') ?? 0);
    for (const [table, n] of before.tables) {
      expect({ table, rows: after.get(table) }).toEqual({ table, rows: table === 'cart_items' ? n - merged : n });
    }
    expect(after.get('product_variants')).toBeGreaterThanOrEqual(before.products.size);
    expect((await rows(FIGURES))[0]).toEqual(before.figures);
  });

  it('gives every product its variants: one per colour × size it listed, stock and sales split evenly', async () => {
    const all = byProduct(await variants());
    const products = await rows<ProductRow & { options: { name: string; values: string[] }[] }>(
      'select id, slug, available, sold_count, colors, available_sizes, options from products',
    );
    for (const p of products) {
      const old = before.products.get(p.id);
      const own = all.get(p.id) ?? [];
      const options = optionsFromLists(old?.colors ?? [], old?.available_sizes ?? []);
      expect(own.length, p.slug).toBeGreaterThanOrEqual(1);
      // products.available and sold_count unchanged, and equal to the sums of the variants.
      expect({ slug: p.slug, available: p.available, sold: p.sold_count }).toEqual({
        slug: p.slug,
        available: old?.available,
        sold: old?.sold_count,
      });
      expect(
        own.reduce((n, v) => n + v.available, 0),
        p.slug,
      ).toBe(p.available);
      expect(
        own.reduce((n, v) => n + v.sold_count, 0),
        p.slug,
      ).toBe(p.sold_count);
      // Even: no two variants of a product differ by more than one unit.
      const stock = own.map((v) => v.available);
      expect(Math.max(...stock) - Math.min(...stock), p.slug).toBeLessThanOrEqual(1);
      // The options and variants are the lists' values and their combinations, in order; SKU slug-values.
      expect(p.options, p.slug).toEqual(options);
      expect(
        own.map((v) => [v.option1, v.option2, v.option3]),
        p.slug,
      ).toEqual(combinations(options));
      expect(own.map((v) => v.sku)).toEqual(
        own.length === 1 ? [p.slug] : own.map((v) => defaultSku(p.slug, [v.option1, v.option2, v.option3])),
      );
    }
  });

  it('keeps every cart’s quantity; each line is on a variant of its product, showing the variant’s colour and size', async () => {
    const lines = await rows<
      LineRow & { variant_id: string; variant_product: string; option1: string; option2: string }
    >(
      `select ci.*, v.product_id as variant_product, v.option1, v.option2
       from cart_items ci join product_variants v on v.id = ci.variant_id`,
    );
    expect(lines.length).toBe((await rows('select id from cart_items')).length);
    expect(cartQuantities(lines)).toEqual(cartQuantities(before.cartLines));
    const options = new Map(
      (await rows<{ id: string; options: { name: string }[] }>('select id, options from products')).map((p) => [
        p.id,
        p.options.map((o) => o.name),
      ]),
    );
    for (const line of lines) {
      expect(line.variant_product).toBe(line.product_id);
      const names = options.get(line.product_id) ?? [];
      const value = (option: string) => {
        const at = names.indexOf(option);
        return at < 0 ? '' : ([line.option1, line.option2][at] ?? '');
      };
      expect({ color: line.color, size: line.size }).toEqual({ color: value('Color'), size: value('Size') });
    }
  });

  it('merges two lines that became one variant’s, and keeps the size of a line whose colour is gone', async () => {
    const lines = await rows<LineRow & { sku: string }>(
      `select ci.*, v.sku from cart_items ci join product_variants v on v.id = ci.variant_id`,
    );
    // Lines of the previous release whose colour the product no longer lists (the admin removed it).
    const orphans = before.cartLines.filter((l) => {
      const p = before.products.get(l.product_id);
      return p && p.colors.length > 0 && !p.colors.some((c) => sameValue(c, l.color));
    });
    expect(orphans.length).toBeGreaterThanOrEqual(3);
    for (const orphan of orphans) {
      const p = before.products.get(orphan.product_id) as ProductRow;
      const now = lines.find(
        (l) => l.cart_id === orphan.cart_id && l.product_id === orphan.product_id && l.size === orphan.size,
      );
      expect(now, `${p.slug} ${orphan.color}/${orphan.size}`).toBeDefined();
      // The closest variant: the same size (when it had one) in the product's first colour.
      expect(now?.color).toBe(p.colors[0]);
      const alsoThere = before.cartLines.filter(
        (l) =>
          l.cart_id === orphan.cart_id &&
          l.product_id === orphan.product_id &&
          l.color === now?.color &&
          l.size === now?.size,
      );
      expect(now?.quantity).toBe(orphan.quantity + alsoThere.reduce((n, l) => n + l.quantity, 0));
    }
    // At least one cart had two lines that are now one.
    expect(lines.length).toBeLessThan(before.cartLines.length);
  });

  it('points order lines at their variant and SKU where the line says which one it was, keeps the rest as history', async () => {
    const now = new Map(
      (
        await rows<{ id: string; variant_id: string | null; sku: string | null; vsku: string | null }>(
          'select l.id, l.variant_id, l.sku, v.sku as vsku from order_lines l left join product_variants v on v.id = l.variant_id',
        )
      ).map((l) => [l.id, l]),
    );
    const all = byProduct(await variants());
    let pointed = 0;
    let history = 0;
    for (const line of before.orderLines) {
      const got = now.get(line.id);
      const own = line.product_id ? (all.get(line.product_id) ?? []) : [];
      const p = line.product_id ? before.products.get(line.product_id) : undefined;
      const values = [...(p?.colors.length ? [line.color] : []), ...(p?.available_sizes.length ? [line.size] : [])];
      const match =
        own.length === 1
          ? own[0]
          : own.find((v) => values.every((value, i) => value !== null && sameValue(value, [v.option1, v.option2][i])));
      expect({ line: line.id, variant: got?.variant_id ?? null }).toEqual({
        line: line.id,
        variant: match?.id ?? null,
      });
      expect(got?.sku ?? null).toBe(match?.sku ?? null);
      if (match) pointed++;
      else history++;
    }
    expect(pointed).toBeGreaterThan(100);
    // The fixture's lines of a colour later removed, and of a product that got colours later.
    expect(history).toBeGreaterThanOrEqual(2);
  });

  it('gives single-variant products’ stock movements their variant; subscriptions and reviews stay on the product', async () => {
    const movements = await rows<{ product_id: string; variant_id: string | null; n: number }>(
      `select m.product_id, m.variant_id, (select count(*)::int from product_variants v where v.product_id = m.product_id) as n
       from stock_movements m`,
    );
    for (const m of movements) expect(m.variant_id === null).toBe(m.n > 1);
    expect(await rows('select 1 from product_subscribers where variant_id is not null')).toEqual([]);
    expect(await rows('select 1 from reviews where variant_id is not null')).toEqual([]);
  });

  it('gives every brand a unique slug made of its id', async () => {
    const brands = await rows<{ id: string; slug: string }>('select id, slug from brands');
    expect(new Set(brands.map((b) => b.slug)).size).toBe(brands.length);
    for (const b of brands) expect(b.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('leaves the roll-up trigger working: a variant’s stock or sales change moves its product’s sums', async () => {
    const [v] = await rows<VariantRow>(
      `select v.* from product_variants v where (select count(*) from product_variants w where w.product_id = v.product_id) > 1
       order by v.sku limit 1`,
    );
    if (!v) throw new Error('no product with several variants');
    const product = async () =>
      (
        await rows<{ available: number; sold_count: number }>(
          'select available, sold_count from products where id = $1',
          [v.product_id],
        )
      )[0];
    const start = await product();
    await pool.query(
      'update product_variants set available = available + 5, sold_count = sold_count + 2 where id = $1',
      [v.id],
    );
    expect(await product()).toEqual({
      available: (start?.available ?? 0) + 5,
      sold_count: (start?.sold_count ?? 0) + 2,
    });
    await pool.query('delete from product_variants where id = $1', [v.id]);
    expect(await product()).toEqual({
      available: (start?.available ?? 0) - v.available,
      sold_count: (start?.sold_count ?? 0) - v.sold_count,
    });
  });
});
