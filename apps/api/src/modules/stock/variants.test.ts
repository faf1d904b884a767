import { combinations, type OptionValues, type ProductOption } from '@shop/contracts/variants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregate } from './lines.ts';
import { chooseVariant, type SellableProduct, VARIANT_MSG } from './variants.ts';

let counter = 0;
function product(options: ProductOption[], rows: OptionValues[] = combinations(options)): SellableProduct {
  const id = `p${++counter}`;
  return {
    id,
    name: 'Tee',
    published: true,
    options,
    variants: rows.map((values, k) => ({
      id: `${id}-v${k}`,
      productId: id,
      sku: `${id}-${k}`,
      values,
      priceCents: 1000 + k,
      compareAtCents: 2000,
      available: 5,
      image: null,
      weightGrams: 0,
      taxClass: 'standard',
    })),
  };
}

const COLOR = { name: 'Color', values: ['Red', 'Blue'] };
const SIZE = { name: 'Size', values: ['S', 'M'] };
const STORAGE = { name: 'Storage', values: ['128 GB', '256 GB'] };

describe('chooseVariant', () => {
  it('takes the variant of a variant_id, and refuses one of another product', () => {
    const tee = product([COLOR, SIZE]);
    const other = product([COLOR]);
    const blueM = tee.variants[3];
    expect(chooseVariant({ variant_id: blueM?.id }, tee)).toMatchObject({
      ok: true,
      value: { variant: blueM, color: 'Blue', size: 'M' },
    });
    expect(chooseVariant({ variant_id: other.variants[0]?.id }, tee)).toMatchObject({
      ok: false,
      reason: 'variant_not_found',
    });
    expect(VARIANT_MSG.notFound).toBe('Variant not found for this product');
  });

  it('refuses a colour or size that contradicts the variant_id', () => {
    const tee = product([COLOR, SIZE]);
    expect(chooseVariant({ variant_id: tee.variants[0]?.id, color: 'blue' }, tee)).toMatchObject({
      ok: false,
      reason: 'invalid_choice',
      message: 'color must be Red for the chosen variant',
    });
    expect(chooseVariant({ variant_id: tee.variants[0]?.id, color: 'RED', size: 's' }, tee).ok).toBe(true);
    const plain = product([]);
    expect(chooseVariant({ variant_id: plain.variants[0]?.id, size: 'M' }, plain)).toMatchObject({
      message: 'This product has no size options',
    });
  });

  it('picks by colour and size without regard to case, with the texts of ADR 014 for a missing choice', () => {
    const tee = product([COLOR, SIZE]);
    expect(chooseVariant({ color: 'blue', size: 's' }, tee)).toMatchObject({
      ok: true,
      value: { variant: tee.variants[2], color: 'Blue', size: 'S' },
    });
    expect(chooseVariant({ color: 'Red' }, tee)).toMatchObject({
      reason: 'invalid_choice',
      message: 'Choose a size (S, M) for this product',
      details: { field: 'size', missing: ['size'], colors: ['Red', 'Blue'], sizes: ['S', 'M'] },
    });
    expect(chooseVariant({}, tee)).toMatchObject({
      message: 'Choose a colour (Red, Blue) and a size (S, M) for this product',
    });
    expect(chooseVariant({ color: 'Green', size: 'S' }, tee)).toMatchObject({
      message: 'color must be one of: Red, Blue',
    });
  });

  it('needs no choice for a product with one variant, and still refuses a foreign colour', () => {
    const plain = product([]);
    expect(chooseVariant({}, plain)).toMatchObject({ ok: true, value: { variant: plain.variants[0] } });
    const black = product([{ name: 'Colour', values: ['Black'] }]);
    expect(chooseVariant({}, black)).toMatchObject({ ok: true, value: { color: 'Black', size: null } });
    expect(chooseVariant({ color: 'White' }, black)).toMatchObject({ message: 'color must be one of: Black' });
    expect(chooseVariant({ size: 'M' }, plain)).toMatchObject({ message: 'This product has no size options' });
  });

  it('refuses a combination that is not sold', () => {
    const tee = product(
      [COLOR, SIZE],
      [
        ['Red', 'S', null],
        ['Blue', 'M', null],
      ],
    );
    expect(chooseVariant({ color: 'Red', size: 'M' }, tee)).toMatchObject({
      reason: 'invalid_choice',
      message: 'This product is not sold as Red / M',
    });
  });

  it('asks for an option that is neither colour nor size by name', () => {
    const phone = product([COLOR, STORAGE]);
    expect(chooseVariant({ color: 'Red' }, phone)).toMatchObject({
      reason: 'invalid_choice',
      message: 'Choose a storage (128 GB, 256 GB) for this product',
      details: { field: 'variant_id', option: 'Storage', values: ['128 GB', '256 GB'] },
    });
    const onlyRed256 = product(
      [COLOR, STORAGE],
      [
        ['Red', '256 GB', null],
        ['Blue', '128 GB', null],
      ],
    );
    expect(chooseVariant({ color: 'red' }, onlyRed256)).toMatchObject({ ok: true, value: { color: 'Red' } });
    expect(chooseVariant({ variant_id: phone.variants[1]?.id }, phone).ok).toBe(true);
  });

  it('has nothing to sell without variants', () => {
    expect(chooseVariant({}, product([], []))).toMatchObject({ ok: false, reason: 'no_variants' });
  });

  const value = fc.stringMatching(/^[A-Za-z0-9]{1,6}$/);
  /** An option's values: different without regard to case, as the contract requires. */
  const values = (minLength: number, maxLength: number) =>
    fc.uniqueArray(value, { minLength, maxLength, comparator: (a, b) => a.toLowerCase() === b.toLowerCase() });
  const optionsArb = fc
    .tuple(
      values(1, 4),
      values(1, 4),
      values(1, 3),
      fc.subarray(['Color', 'Size', 'Material'], { minLength: 0, maxLength: 3 }),
    )
    .map(([a, b, c, names]) => names.map((name, i) => ({ name, values: [a, b, c][i] as string[] })));
  const productArb = optionsArb.chain((options) =>
    fc.subarray(combinations(options), { minLength: 1 }).map((rows) => product(options, rows)),
  );

  it('any variant is chosen by its id, and only ever a variant of the product', () => {
    fc.assert(
      fc.property(productArb, fc.nat(), (p, k) => {
        const v = p.variants[k % p.variants.length];
        const result = chooseVariant({ variant_id: v?.id }, p);
        expect(result).toMatchObject({ ok: true, value: { variant: v } });
      }),
    );
  });

  it('whatever is sent, a chosen variant is the product’s and matches the colour and size sent', () => {
    const wish = fc.record({
      color: fc.option(value, { nil: undefined }),
      size: fc.option(value, { nil: undefined }),
    });
    fc.assert(
      fc.property(productArb, wish, (p, w) => {
        const result = chooseVariant(w, p);
        if (!result.ok) return;
        expect(p.variants).toContain(result.value.variant);
        if (w.color) expect(result.value.color?.toLowerCase()).toBe(w.color.toLowerCase());
        if (w.size) expect(result.value.size?.toLowerCase()).toBe(w.size.toLowerCase());
      }),
    );
  });

  it('a variant of a colour × size product is chosen by its own values, in any case', () => {
    const colourSize = fc.tuple(values(2, 4), values(1, 4)).chain(([colors, sizes]) => {
      const options = [
        { name: 'Colour', values: colors },
        { name: 'Size', values: sizes },
      ];
      return fc.subarray(combinations(options), { minLength: 2 }).map((rows) => product(options, rows));
    });
    fc.assert(
      fc.property(colourSize, fc.nat(), fc.boolean(), (p, k, upper) => {
        const v = p.variants[k % p.variants.length];
        const shout = (s: string | null | undefined) => (upper ? s?.toUpperCase() : s?.toLowerCase());
        expect(chooseVariant({ color: shout(v?.values[0]), size: shout(v?.values[1]) }, p)).toMatchObject({
          ok: true,
          value: { variant: v },
        });
      }),
    );
  });
});

describe('aggregate', () => {
  it('sums lines per variant and orders them by product, then variant', () => {
    const line = fc.record({
      productId: fc.constantFrom('a', 'b', 'c'),
      variantId: fc.constantFrom('x', 'y'),
      quantity: fc.integer({ min: 1, max: 9 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const out = aggregate(lines);
        const keys = out.map((l) => `${l.productId}/${l.variantId}`);
        expect(keys).toEqual([...new Set(keys)].sort());
        expect(out.reduce((s, l) => s + l.quantity, 0)).toBe(lines.reduce((s, l) => s + l.quantity, 0));
      }),
    );
  });
});
