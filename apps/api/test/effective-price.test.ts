import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AS_V_AND_P, compareAtSql, effectivePrices, type PriceTables, priceSql } from '../src/modules/stock/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cents = fc.nat({ max: 100_000_000 });
const own = fc.option(cents, { nil: null });

/**
 * The SQL fragments evaluated by PostgreSQL over one variant and one product with these prices: CTEs
 * named like the tables stand in for them, so the fragments run exactly as the repositories write them.
 */
async function inSql(
  tables: PriceTables | undefined,
  names: { variant: string; product: string },
  v: { priceCents: number | null; compareAtCents: number | null },
  p: { salePriceCents: number; regularPriceCents: number },
) {
  const { rows } = await t.db.execute<{ price: number; compare_at: number }>(sql`
    with product_variants (price_cents, compare_at_cents) as (values (${v.priceCents}::int, ${v.compareAtCents}::int)),
      products (sale_price_cents, regular_price_cents) as (values (${p.salePriceCents}::int, ${p.regularPriceCents}::int))
    select ${priceSql(tables)} as price, ${compareAtSql(tables)} as compare_at
    from product_variants ${sql.raw(names.variant)}, products ${sql.raw(names.product)}`);
  const [row] = rows;
  return { priceCents: Number(row?.price), compareAtCents: Number(row?.compare_at) };
}

describe('priceSql / compareAtSql', () => {
  it('answer what effectivePrices answers, over the schema’s table names and over v and p', async () => {
    await fc.assert(
      fc.asyncProperty(own, own, cents, cents, async (price, compareAt, sale, regular) => {
        const v = { priceCents: price, compareAtCents: compareAt };
        const p = { salePriceCents: sale, regularPriceCents: regular };
        const expected = effectivePrices(v, p);
        expect(await inSql(undefined, { variant: '', product: '' }, v, p)).toEqual(expected);
        expect(await inSql(AS_V_AND_P, { variant: 'v', product: 'p' }, v, p)).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});
