import { combinations, type PublicVariant } from '@shop/contracts/variants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Chosen,
  choiceStates,
  chosenVariant,
  discountPercent,
  firstUnchosen,
  initialChoice,
  optionLabel,
  pricesDiffer,
  specChoice,
  summarize,
  type VariantModel,
} from './variant-choice.ts';

function variant(options: string[], available: number, price = 20, extra: Partial<PublicVariant> = {}): PublicVariant {
  return {
    id: `v-${options.join('-')}`,
    sku: `sku-${options.join('-')}`,
    options,
    tax_class: 'standard',
    price,
    compare_at_price: 25,
    available,
    in_stock: available > 0,
    image: null,
    ...extra,
  };
}

/** A shirt in Red/Blue × S/M/L: Red M sold out, Blue S never made, Blue L dearer with its own picture. */
const shirt: VariantModel = {
  options: [
    { name: 'Color', values: ['Red', 'Blue'] },
    { name: 'Size', values: ['S', 'M', 'L'] },
  ],
  variants: [
    variant(['Red', 'S'], 4),
    variant(['Red', 'M'], 0),
    variant(['Red', 'L'], 9),
    variant(['Blue', 'M'], 2),
    variant(['Blue', 'L'], 30, 24, { image: '/media/blue-l.webp' }),
  ],
};

describe('choosing a variant', () => {
  it('marks each size sold out or missing given the chosen colour, before it is picked', () => {
    expect(choiceStates(shirt, ['Red', undefined], 1).map((s) => [s.value, s.exists, s.available])).toEqual([
      ['S', true, true],
      ['M', true, false],
      ['L', true, true],
    ]);
    expect(choiceStates(shirt, ['Blue', undefined], 1).map((s) => [s.value, s.exists, s.available])).toEqual([
      ['S', false, false],
      ['M', true, true],
      ['L', true, true],
    ]);
    // The colours, with size M chosen: red is sold out in M.
    expect(choiceStates(shirt, ['Blue', 'M'], 0).map((s) => s.available)).toEqual([false, true]);
  });

  it('shows prices on the choices only where they differ', () => {
    const sizes = choiceStates(shirt, ['Blue', undefined], 1);
    expect(sizes.map((s) => s.minPrice)).toEqual([undefined, 20, 24]);
    expect(pricesDiffer(sizes)).toBe(true);
    expect(pricesDiffer(choiceStates(shirt, ['Red', undefined], 1))).toBe(false);
    // A colour whose sizes cost different amounts: its range counts.
    expect(choiceStates(shirt, [undefined, undefined], 0).map((s) => [s.minPrice, s.maxPrice])).toEqual([
      [20, 20],
      [20, 24],
    ]);
  });

  it('opens with the first colour in stock and no size; one-value options chosen', () => {
    expect(initialChoice(shirt)).toEqual(['Red', undefined]);
    const redGone: VariantModel = {
      ...shirt,
      variants: shirt.variants.map((v) => (v.options[0] === 'Red' ? { ...v, available: 0, in_stock: false } : v)),
    };
    expect(initialChoice(redGone)).toEqual(['Blue', undefined]);
    const phone: VariantModel = {
      options: [
        { name: 'Color', values: ['Black'] },
        { name: 'Storage', values: ['128GB', '256GB'] },
      ],
      variants: [variant(['Black', '128GB'], 0, 799), variant(['Black', '256GB'], 3, 899)],
    };
    expect(initialChoice(phone)).toEqual(['Black', '256GB']);
    expect(initialChoice({ options: [], variants: [variant([], 5)] })).toEqual([]);
  });

  it('sums up the choice: the variant’s price, stock and picture once chosen', () => {
    expect(summarize(shirt, ['Blue', 'L'])).toMatchObject({
      variant: { id: 'v-Blue-L' },
      price: 24,
      from: false,
      inStock: true,
      stock: 30,
      maxQuantity: 30,
      image: '/media/blue-l.webp',
      missingCombination: false,
    });
    expect(summarize(shirt, ['Blue', undefined])).toMatchObject({
      variant: undefined,
      price: 20,
      from: true,
      inStock: true,
      stock: undefined,
      maxQuantity: 30,
      image: null,
    });
    expect(summarize(shirt, ['Red', 'M'])).toMatchObject({ inStock: false, stock: 0, maxQuantity: 1 });
    expect(summarize(shirt, ['Blue', 'S'])).toMatchObject({
      variant: undefined,
      missingCombination: true,
      inStock: false,
    });
    // One variant without options: chosen from the start, as a product looked before variants.
    expect(summarize({ options: [], variants: [variant([], 7)] }, [])).toMatchObject({ stock: 7, inStock: true });
  });

  it('names the documented colour and size of a variant, and the options as the page says them', () => {
    expect(specChoice(shirt, variant(['Red', 'S'], 1))).toEqual({ color: 'Red', size: 'S' });
    expect(specChoice({ options: [{ name: 'Storage', values: ['1TB'] }], variants: [] }, variant(['1TB'], 1))).toEqual(
      {},
    );
    expect([optionLabel('Color'), optionLabel('colour'), optionLabel('Size'), optionLabel('Storage')]).toEqual([
      'Colour',
      'Colour',
      'Size',
      'Storage',
    ]);
    expect(firstUnchosen(shirt, ['Red', undefined])).toBe(1);
    expect(discountPercent(20, 25)).toBe(20);
    expect(discountPercent(25, 20)).toBe(0);
  });
});

/** Up to three options of up to four values, a random part of their combinations made, random stock and prices. */
const models: fc.Arbitrary<VariantModel> = fc
  .array(fc.integer({ min: 1, max: 4 }), { minLength: 0, maxLength: 3 })
  .chain((counts) => {
    const options = counts.map((n, i) => ({
      name: ['Color', 'Size', 'Storage'][i] as string,
      values: Array.from({ length: n }, (_, k) => `o${i}v${k}`),
    }));
    const combos = combinations(options).map((c) => c.slice(0, options.length) as string[]);
    return fc
      .array(fc.record({ made: fc.boolean(), stock: fc.nat({ max: 3 }), price: fc.integer({ min: 1, max: 3 }) }), {
        minLength: combos.length,
        maxLength: combos.length,
      })
      .map((rows) => ({
        options,
        variants: combos.flatMap((values, k) => {
          const row = rows[k];
          return row?.made ? [variant(values, row.stock, row.price)] : [];
        }),
      }));
  });

/** A model and, for each option, a chosen value or none. */
const modelsWithChoice = models.chain((model) =>
  fc
    .tuple(...model.options.map((o) => fc.option(fc.constantFrom(...o.values), { nil: undefined })))
    .map((chosen) => ({ model, chosen: chosen as Chosen })),
);

describe('choice availability (property)', () => {
  it('marks a choice unavailable iff no in-stock variant has it together with the other chosen values', () => {
    fc.assert(
      fc.property(modelsWithChoice, ({ model, chosen }) => {
        model.options.forEach((option, index) => {
          const states = choiceStates(model, chosen, index);
          expect(states.map((s) => s.value)).toEqual(option.values);
          for (const state of states) {
            // The oracle, spelled out: some variant in stock, with this value, agreeing with every other choice.
            const witness = model.variants.some(
              (v) =>
                v.in_stock &&
                v.options[index] === state.value &&
                chosen.every((c, j) => j === index || c === undefined || v.options[j] === c),
            );
            expect(state.available).toBe(witness);
            if (state.available) expect(state.exists).toBe(true);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('names a variant exactly when every option is chosen and that combination exists', () => {
    fc.assert(
      fc.property(modelsWithChoice, ({ model, chosen }) => {
        const named = chosenVariant(model, chosen);
        const complete = chosen.every((c) => c !== undefined);
        const exact = model.variants.filter((v) => v.options.every((value, i) => value === chosen[i]));
        expect(named).toEqual(complete ? exact[0] : undefined);
        const summary = summarize(model, chosen);
        if (named)
          expect([summary.price, summary.stock, summary.inStock]).toEqual([
            named.price,
            named.available,
            named.in_stock,
          ]);
      }),
      { numRuns: 300 },
    );
  });

  it('opens on a choice that leaves an in-stock variant whenever the product has one', () => {
    fc.assert(
      fc.property(models, (model) => {
        const chosen = initialChoice(model);
        expect(chosen).toHaveLength(model.options.length);
        if (model.variants.some((v) => v.in_stock)) expect(summarize(model, chosen).inStock).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
