import { combinations, MAX_VARIANTS, type OptionValues, type ProductOption } from '@shop/contracts/variants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scaleCents } from './bulk.ts';
import {
  carriedValues,
  optionsWithLists,
  planVariants,
  type StoredVariant,
  spreadAdjustment,
  type VariantRequest,
} from './variant-plan.ts';

const colour: ProductOption = { name: 'Colour', values: ['Red', 'Blue'] };
const size: ProductOption = { name: 'Size', values: ['S', 'M'] };

let n = 0;
function stored(values: (string | null)[], extra: Partial<StoredVariant> = {}): StoredVariant {
  n += 1;
  return {
    id: `v${n}`,
    sku: `sku-${n}`,
    values: [values[0] ?? null, values[1] ?? null, values[2] ?? null] as OptionValues,
    priceCents: null,
    compareAtCents: null,
    available: 0,
    soldCount: 0,
    image: null,
    barcode: null,
    weightGrams: null,
    taxClass: null,
    ...extra,
  };
}

const row = (values: string[], extra: Partial<VariantRequest> = {}): VariantRequest => ({
  values,
  priceCents: null,
  compareAtCents: null,
  image: null,
  barcode: null,
  weightGrams: null,
  ...extra,
});

describe('planVariants: a variant’s tax class', () => {
  it('keeps the stored class unless the row gives one, null going back to the product’s', () => {
    const red = stored(['Red'], { taxClass: 'reduced' });
    const blue = stored(['Blue'], { taxClass: 'zero' });
    const plan = planVariants({
      slug: 'tee',
      oldOptions: [{ name: 'Colour', values: ['Red', 'Blue'] }],
      options: [{ name: 'Colour', values: ['Red', 'Blue', 'Green'] }],
      stored: [red, blue],
      rows: [row(['Red'], { id: red.id }), row(['Blue'], { id: blue.id, taxClass: null }), row(['Green'])],
    });
    expect(plan.ok && plan.value.variants.map((v) => v.taxClass)).toEqual(['reduced', null, null]);
    const set = planVariants({
      slug: 'tee',
      oldOptions: [colour],
      options: [colour],
      stored: [red, blue],
      rows: [row(['Red'], { id: red.id, taxClass: 'exempt' }), row(['Blue'], { id: blue.id })],
    });
    expect(set.ok && set.value.variants.map((v) => v.taxClass)).toEqual(['exempt', 'zero']);
  });

  it('carries the class over to the generated combinations', () => {
    const red = stored(['Red'], { taxClass: 'reduced' });
    const plan = planVariants({ slug: 'tee', oldOptions: [colour], options: [colour, size], stored: [red] });
    expect(plan.ok && plan.value.variants.map((v) => [v.values.join('/'), v.taxClass])).toEqual([
      ['Red/S/', 'reduced'],
      ['Red/M/', null],
      ['Blue/S/', null],
      ['Blue/M/', null],
    ]);
  });
});

describe('planVariants: generated', () => {
  it('makes one variant per combination, SKUs from the slug, and one plain variant without options', () => {
    const plan = planVariants({ slug: 'tee', oldOptions: [], options: [colour, size], stored: [] });
    expect(plan.ok && plan.value.variants.map((v) => v.sku)).toEqual([
      'tee-red-s',
      'tee-red-m',
      'tee-blue-s',
      'tee-blue-m',
    ]);
    const plain = planVariants({ slug: 'mug', oldOptions: [], options: [], stored: [] });
    expect(plain.ok && plain.value.variants).toMatchObject([{ sku: 'mug', values: [null, null, null], available: 0 }]);
  });

  it('carries a stored variant over when an option is added (the new option’s first value)', () => {
    const red = stored(['Red'], { available: 4, sku: 'RED' });
    const blue = stored(['Blue'], { available: 0 });
    const plan = planVariants({ slug: 'tee', oldOptions: [colour], options: [colour, size], stored: [red, blue] });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.value.variants.map((v) => [v.storedId, v.sku, v.available])).toEqual([
      [red.id, 'RED', 4],
      [null, 'tee-red-m', 0],
      [blue.id, blue.sku, 0],
      [null, 'tee-blue-m', 0],
    ]);
    expect(plan.value.removed).toEqual([]);
  });

  it('removes a variant whose value is gone only when it has no stock and no sales', () => {
    const red = stored(['Red'], { available: 0 });
    const blue = stored(['Blue'], { available: 0, soldCount: 0 });
    const fewer = { name: 'Colour', values: ['Red'] };
    const plan = planVariants({ slug: 't', oldOptions: [colour], options: [fewer], stored: [red, blue] });
    expect(plan.ok && plan.value.removed.map((r) => r.id)).toEqual([blue.id]);

    const sold = stored(['Blue'], { soldCount: 2, sku: 'BLUE-SOLD' });
    const refused = planVariants({ slug: 't', oldOptions: [colour], options: [fewer], stored: [red, sold] });
    expect(refused).toMatchObject({ ok: false, reason: 'variant_in_use', skus: ['BLUE-SOLD'] });
  });

  it('refuses more combinations than a product may have', () => {
    const many = (name: string) => ({ name, values: Array.from({ length: 7 }, (_, i) => `${name}${i}`) });
    const plan = planVariants({ slug: 't', oldOptions: [], options: [many('A'), many('B'), many('C')], stored: [] });
    expect(plan).toMatchObject({ ok: false, reason: 'too_many_variants', count: 343 });
    expect(343).toBeGreaterThan(MAX_VARIANTS);
  });
});

describe('planVariants: the grid', () => {
  it('matches rows by id (a renamed value keeps its variant) or by values, and checks them', () => {
    const red = stored(['Red'], { available: 3 });
    const renamed = { name: 'Colour', values: ['Crimson', 'Blue'] };
    const plan = planVariants({
      slug: 't',
      oldOptions: [colour],
      options: [renamed],
      stored: [red],
      rows: [row(['crimson'], { id: red.id }), row(['Blue'], { available: 5 })],
    });
    expect(plan.ok && plan.value.variants.map((v) => [v.storedId, v.values[0], v.available])).toEqual([
      [red.id, 'Crimson', 3],
      [null, 'Blue', 5],
    ]);

    const fails = [
      [[row(['Green'])], 'unknown_option_value'],
      [[row(['Red', 'S'])], 'option_count_mismatch'],
      [[row(['Red']), row(['red'])], 'duplicate_combination'],
      [[row(['Red'], { sku: 'X' }), row(['Blue'], { sku: 'X' })], 'duplicate_sku'],
      [[row(['Red'], { id: 'nope' })], 'unknown_variant'],
    ] as const;
    for (const [rows, reason] of fails) {
      const result = planVariants({ slug: 't', oldOptions: [colour], options: [colour], stored: [], rows });
      expect([reason, result.ok ? 'ok' : result.reason]).toEqual([reason, reason]);
    }
  });

  it('changes stock only against the figure the editor loaded', () => {
    const v = stored([], { available: 5, sku: 'MUG' });
    const plan = (extra: Partial<VariantRequest>) =>
      planVariants({ slug: 'mug', oldOptions: [], options: [], stored: [v], rows: [row([], { id: v.id, ...extra })] });
    expect(plan({ available: 8, expectedAvailable: 5 })).toMatchObject({
      ok: true,
      value: { variants: [{ available: 8 }] },
    });
    // Loaded 6, an order took one since: the editor's 8 is refused, not written over the sale.
    expect(plan({ available: 8, expectedAvailable: 6 })).toMatchObject({
      ok: false,
      reason: 'stock_changed',
      sku: 'MUG',
      available: 5,
    });
    // Sent as loaded (untouched): the stored figure stays, whatever it is now.
    expect(plan({ available: 6, expectedAvailable: 6 })).toMatchObject({
      ok: true,
      value: { variants: [{ available: 5 }] },
    });
    expect(plan({ available: 9 })).toMatchObject({ ok: false, reason: 'stock_unchecked' });
    expect(plan({})).toMatchObject({ ok: true, value: { variants: [{ available: 5 }] } });
  });
});

describe('carriedValues', () => {
  it('keeps every variant when options are only reordered or extended (property)', () => {
    const option = fc.record({
      name: fc.constantFrom('Colour', 'Size', 'Material'),
      values: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 4 }),
    });
    const options = fc.uniqueArray(option, { minLength: 0, maxLength: 3, selector: (o) => o.name });
    fc.assert(
      fc.property(options, fc.boolean(), (old, reverse) => {
        const next = reverse ? [...old].reverse() : old;
        const keys = combinations(old).map((values) => carriedValues(values, old, next));
        // Every old combination lands on a combination of the new options, and no two land together.
        expect(keys.every((k) => k !== undefined)).toBe(true);
        expect(new Set(keys.map((k) => JSON.stringify(k))).size).toBe(keys.length);
      }),
    );
  });
});

describe('optionsWithLists', () => {
  it('sets, adds and drops the Color and Size options from the documented lists', () => {
    expect(optionsWithLists([colour, size], ['Black'], undefined)).toEqual([
      { name: 'Colour', values: ['Black'] },
      size,
    ]);
    expect(optionsWithLists([], ['Black'], ['L'])).toEqual([
      { name: 'Color', values: ['Black'] },
      { name: 'Size', values: ['L'] },
    ]);
    expect(optionsWithLists([colour, size], [], undefined)).toEqual([size]);
  });
});

describe('scaleCents', () => {
  it('moves prices by a percentage to the nearest cent', () => {
    expect(scaleCents(1999, 10)).toBe(2199);
    expect(scaleCents(1000, -25)).toBe(750);
    expect(scaleCents(999, 12.5)).toBe(1124);
  });

  it('never goes negative and grows with the percentage (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: -9900, max: 100_000 }), (cents, bp) => {
        const pct = bp / 100;
        const scaled = scaleCents(cents, pct);
        expect(scaled).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(scaled)).toBe(true);
        if (pct > 0) expect(scaled).toBeGreaterThanOrEqual(cents);
        if (pct < 0) expect(scaled).toBeLessThanOrEqual(cents);
      }),
    );
  });
});

describe('spreadAdjustment', () => {
  it('adds to the first variant and removes from the variants in order, never below 0 (property)', () => {
    const variants = fc
      .array(fc.nat(20), { minLength: 1, maxLength: 6 })
      .map((stock) => stock.map((available, i) => ({ id: `v${i}`, available })));
    fc.assert(
      fc.property(
        variants,
        fc.integer({ min: -150, max: 50 }).filter((d) => d !== 0),
        (list, delta) => {
          const total = list.reduce((n, v) => n + v.available, 0);
          const changes = spreadAdjustment(list, delta);
          if (total + delta < 0) {
            expect(changes).toBeUndefined();
            return;
          }
          expect(changes?.reduce((n, c) => n + c.delta, 0)).toBe(delta);
          for (const change of changes ?? []) {
            const before = list.find((v) => v.id === change.id)!.available;
            expect(before + change.delta).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});
