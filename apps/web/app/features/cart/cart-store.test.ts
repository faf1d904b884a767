// @vitest-environment happy-dom
import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addItem,
  CART_STORAGE_KEY,
  type CartProduct,
  cartStore,
  cartTotalsIn,
  clearCart,
  isSameLine,
  itemKey,
  lineChoices,
  lineKey,
  lineTotalCents,
  lineTotalIn,
  loadCartFromStorage,
  removeItem,
  replaceCart,
  totalItems,
  totalPriceCents,
  unitIn,
  updateQuantity,
} from './cart-store.ts';

const phone: CartProduct = { id: 'p-phone', name: 'Phone', sale_price: 199.99 };
const shirt: CartProduct = { id: 'p-shirt', name: 'Shirt', sale_price: 0.1 };
const items = () => cartStore.getState().items;
const saved = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');

beforeEach(() => {
  localStorage.clear();
  cartStore.setState({ items: [], ownerId: null, merge: null, loaded: true });
});

describe('cart store (docs/product.md §4)', () => {
  it('appends a product that is not in the cart yet', () => {
    addItem(phone, 2);
    addItem(shirt);
    expect(items().map((i) => [i.product.id, i.quantity])).toEqual([
      ['p-phone', 2],
      ['p-shirt', 1],
    ]);
  });

  it('never grows a line past its variant’s stock, whatever the adds (a guest cart has no server to refuse)', () => {
    fc.assert(
      fc.property(
        fc.nat(MAX_LINE_QUANTITY),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 8 }),
        (stock, adds) => {
          cartStore.setState({ items: [], ownerId: null, merge: null, loaded: true });
          for (const q of adds) addItem(phone, q, { variantId: 'v-phone', available: stock });
          const sum = adds.reduce((a, b) => a + b, 0);
          expect(totalItems(items())).toBe(Math.min(sum, stock));
        },
      ),
    );
  });

  it('adding an existing product increases its quantity by the added amount', () => {
    addItem(phone, 2);
    addItem(phone, 3);
    expect(items()).toHaveLength(1);
    expect(items()[0]?.quantity).toBe(5);
  });

  it('keeps another colour or size of the same product as its own line', () => {
    addItem(shirt, 1, { color: 'Red', size: 'M' });
    addItem(shirt, 1, { color: 'Blue', size: 'M' });
    addItem(shirt, 2, { color: 'Red', size: 'M' });
    expect(items().map((i) => [i.color, i.size, i.quantity])).toEqual([
      ['Red', 'M', 3],
      ['Blue', 'M', 1],
    ]);
    // Without options, update sets every line of the product; with options only that line.
    updateQuantity(shirt.id, 7, { color: 'Blue', size: 'M' });
    expect(items().map((i) => i.quantity)).toEqual([3, 7]);
    updateQuantity(shirt.id, 4);
    expect(items().map((i) => i.quantity)).toEqual([4, 4]);
  });

  it('update sets the quantity', () => {
    addItem(phone, 2);
    addItem(shirt, 1);
    updateQuantity(phone.id, 9);
    expect(items().map((i) => i.quantity)).toEqual([9, 1]);
  });

  it('remove deletes by product id, every line of it', () => {
    addItem(phone, 1);
    addItem(shirt, 1, { color: 'Red' });
    addItem(shirt, 1, { color: 'Blue' });
    removeItem(shirt.id);
    expect(items().map((i) => i.product.id)).toEqual(['p-phone']);
  });

  it('clear empties the cart and keeps its owner', () => {
    replaceCart([{ product: phone, quantity: 1 }], 'user-1');
    clearCart();
    expect(items()).toEqual([]);
    expect(cartStore.getState().ownerId).toBe('user-1');
  });

  it('replace puts the server cart in place of the local one, with its owner', () => {
    addItem(phone, 4);
    replaceCart([{ product: shirt, quantity: 2, id: 'line-1' }], 'user-1');
    expect(items()).toEqual([{ product: shirt, quantity: 2, id: 'line-1' }]);
    expect(cartStore.getState().ownerId).toBe('user-1');
  });

  it('total items = sum of quantities; total price = sum of sale_price × quantity in cents', () => {
    expect(totalItems([])).toBe(0);
    expect(totalPriceCents([])).toBe(0);
    addItem(phone, 3);
    addItem(shirt, 3);
    expect(totalItems(items())).toBe(6);
    // 0.1 × 3 is 0.30000000000000004 in floating point; in cents it is exactly 30.
    expect(totalPriceCents(items())).toBe(3 * 19_999 + 30);
    expect(lineTotalCents(items()[1]!)).toBe(30);
  });

  it('saves every change and reads it back after a reload', () => {
    addItem(phone, 2, { color: 'Black' });
    expect(saved()).toEqual({
      items: [{ product: phone, quantity: 2, color: 'Black', size: null }],
      ownerId: null,
      merge: null,
    });
    // A new page: nothing in memory yet (the store saves every state it is given, so put the saved one back).
    const stored = localStorage.getItem(CART_STORAGE_KEY)!;
    cartStore.setState({ items: [], ownerId: null, merge: null, loaded: false });
    localStorage.setItem(CART_STORAGE_KEY, stored);
    loadCartFromStorage();
    expect(cartStore.getState()).toMatchObject({ loaded: true, items: [{ product: phone, quantity: 2 }] });
  });

  it('drops a corrupt saved cart, and nonsense lines one by one', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    loadCartFromStorage();
    expect(cartStore.getState()).toMatchObject({ items: [], ownerId: null, loaded: true });

    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        items: [
          { product: phone, quantity: 1 },
          { product: { id: 'x', sale_price: 'free' }, quantity: 1 },
          { product: shirt, quantity: -2 },
          { product: shirt, quantity: 1.5 },
          null,
        ],
        ownerId: 'user-9',
      }),
    );
    loadCartFromStorage();
    expect(items().map((i) => i.product.id)).toEqual(['p-phone']);
    expect(cartStore.getState().ownerId).toBe('user-9');
  });
});

type Op =
  | { kind: 'add'; product: number; quantity: number }
  | { kind: 'update'; product: number; quantity: number }
  | { kind: 'remove'; product: number }
  | { kind: 'clear' };

describe('cart store totals (property)', () => {
  it('equal the sums over any sequence of add/update/remove/clear, to the exact cent', () => {
    const quantity = fc.integer({ min: 1, max: 999 });
    const product = fc.nat({ max: 5 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const), product, quantity }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('update' as const), product, quantity }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), product }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const) }) },
    );
    // Prices as the wire shows them: decimals with at most two places (most are not exact in binary).
    const prices = fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 6, maxLength: 6 });

    fc.assert(
      fc.property(prices, fc.array(op, { maxLength: 60 }), (cents, ops) => {
        cartStore.setState({ items: [], ownerId: null, merge: null, loaded: true });
        const products = cents.map((c, i) => ({ id: `p${i}`, name: `P${i}`, sale_price: c / 100 }));
        const model = new Map<string, number>();
        for (const o of ops) {
          if (o.kind === 'add') {
            const p = products[o.product]!;
            addItem(p, o.quantity);
            // A line never holds more than one line may (MAX_LINE_QUANTITY), as on the server.
            model.set(p.id, Math.min(MAX_LINE_QUANTITY, (model.get(p.id) ?? 0) + o.quantity));
          } else if (o.kind === 'update') {
            const p = products[o.product]!;
            updateQuantity(p.id, o.quantity);
            if (model.has(p.id)) model.set(p.id, o.quantity);
          } else if (o.kind === 'remove') {
            removeItem(products[o.product]!.id);
            model.delete(products[o.product]!.id);
          } else {
            clearCart();
            model.clear();
          }
          const lines = items();
          expect(new Map(lines.map((l) => [l.product.id, l.quantity]))).toEqual(model);
          let expectedItems = 0;
          let expectedCents = 0;
          for (const [id, q] of model) {
            expectedItems += q;
            expectedCents += cents[Number(id.slice(1))]! * q;
          }
          expect(totalItems(lines)).toBe(expectedItems);
          const total = totalPriceCents(lines);
          expect(Number.isSafeInteger(total)).toBe(true);
          expect(total).toBe(expectedCents);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('cart lines keyed by variant', () => {
  const red = (size: string) => ({
    variantId: `v-red-${size}`,
    sku: `shirt-red-${size}`,
    options: ['Red', size],
    color: 'Red',
    size,
  });

  it('keeps two sizes of one product as two lines and adds to a line of the same variant', () => {
    addItem(shirt, 1, red('m'));
    addItem(shirt, 2, red('l'));
    addItem(shirt, 4, red('m'));
    expect(items().map((i) => [i.variantId, i.sku, i.options, i.quantity])).toEqual([
      ['v-red-m', 'shirt-red-m', ['Red', 'm'], 5],
      ['v-red-l', 'shirt-red-l', ['Red', 'l'], 2],
    ]);
    // One line's quantity, by its variant; the product's other line stays.
    updateQuantity(shirt.id, 9, { variantId: 'v-red-l' });
    expect(items().map((i) => i.quantity)).toEqual([5, 9]);
    expect(new Set(items().map(itemKey)).size).toBe(2);
  });

  it('a line added without its variant (one variant, from the wishlist) is the line that later names it', () => {
    addItem(phone, 1);
    addItem(phone, 2, { variantId: 'v-phone', sku: 'phone', options: [] });
    expect(items()).toEqual([
      { product: phone, quantity: 3, variantId: 'v-phone', sku: 'phone', color: null, size: null },
    ]);
    // And the other way round: an add without the variant finds the line that has it.
    addItem(phone, 1);
    expect(items()).toHaveLength(1);
    expect(items()[0]?.quantity).toBe(4);
  });

  it('reads a cart saved before variants, and refuses a saved line with a malformed variant', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        items: [
          { product: shirt, quantity: 1, color: 'Red', size: 'M' },
          { product: phone, quantity: 1, variantId: 42 },
          { product: phone, quantity: 1, options: [null] },
        ],
        ownerId: null,
      }),
    );
    loadCartFromStorage();
    expect(items()).toEqual([{ product: shirt, quantity: 1, color: 'Red', size: 'M' }]);
  });

  it('keys a line by its variant, else by product, colour and size', () => {
    expect(lineKey('p', { variantId: 'v1', color: 'Red' })).toBe(lineKey('q', { variantId: 'v1' }));
    expect(lineKey('p', { color: 'Red', size: 'M' })).toBe(lineKey('p', { color: 'Red', size: 'M', variantId: null }));
    expect(lineKey('p', { color: 'Red' })).not.toBe(lineKey('p', { color: 'Blue' }));
    expect(lineKey('p', { variantId: 'v1' })).not.toBe(lineKey('p', { variantId: 'v2' }));
  });

  it('shows a line’s values in option order, naming colour and size', () => {
    expect(lineChoices({ options: ['Red', 'M'], color: 'Red', size: 'M' })).toEqual(['Colour: Red', 'Size: M']);
    expect(lineChoices({ options: ['Black', '256GB'], color: 'Black', size: null })).toEqual([
      'Colour: Black',
      '256GB',
    ]);
    expect(lineChoices({ options: ['256GB'], color: null, size: null })).toEqual(['256GB']);
    // A line from before variants: its colour and size.
    expect(lineChoices({ color: 'Red', size: 'M' })).toEqual(['Colour: Red', 'Size: M']);
    expect(lineChoices({ options: [], color: null, size: null })).toEqual([]);
  });

  it('has one line per variant, holding the sum of its adds up to the line maximum, over any sequence of adds (property)', () => {
    const add = fc.record({
      product: fc.nat({ max: 2 }),
      variant: fc.nat({ max: 3 }),
      quantity: fc.integer({ min: 1, max: 999 }),
    });
    fc.assert(
      fc.property(fc.array(add, { maxLength: 40 }), (adds) => {
        cartStore.setState({ items: [], ownerId: null, merge: null, loaded: true });
        const expected = new Map<string, number>();
        for (const a of adds) {
          const variantId = `v${a.product}-${a.variant}`;
          addItem({ id: `p${a.product}`, name: `P${a.product}`, sale_price: 1 }, a.quantity, { variantId });
          expected.set(variantId, Math.min(MAX_LINE_QUANTITY, (expected.get(variantId) ?? 0) + a.quantity));
        }
        expect(new Map(items().map((i) => [i.variantId, i.quantity]))).toEqual(expected);
        expect(new Set(items().map(itemKey)).size).toBe(items().length);
        for (const i of items()) expect(isSameLine(i, i.product.id, { variantId: i.variantId })).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('cart totals in the shopper’s currency (docs/adr/050-currencies.md)', () => {
  const usd = { code: 'USD', digits: 2 };
  const eur = {
    base: usd,
    presentment: { code: 'EUR', digits: 2, rate: 0.92, rounding: 'charm' as const, converted: true },
    offered: ['USD', 'EUR'],
    country: null,
    taxIncluded: false,
    taxName: 'Tax',
    addedRates: {},
  };

  it('convert each unit price, then multiply and add up, as checkout charges', () => {
    addItem(phone, 2);
    addItem(shirt, 3);
    const [phoneLine, shirtLine] = items();
    // 199.99 × 0.92 = 183.99 → €183.99; 0.10 × 0.92 = 0.092 → €0.99.
    expect(unitIn(phoneLine!, eur)).toBe(18399);
    expect(lineTotalIn(phoneLine!, eur)).toBe(36798);
    expect(unitIn(shirtLine!, eur)).toBe(99);
    expect(cartTotalsIn({ items: items(), summary: null }, eur)).toEqual({ items: 5, priceCents: 36798 + 297 });
  });

  it('in the base, keep the server’s totals when it sent them', () => {
    addItem(phone, 1);
    const base = { ...eur, presentment: { ...usd, rate: 1, rounding: 'none' as const, converted: false } };
    expect(cartTotalsIn({ items: items(), summary: null }, base)).toEqual({ items: 1, priceCents: 19999 });
    expect(cartTotalsIn({ items: items(), summary: { items: 1, priceCents: 18000 } }, base).priceCents).toBe(18000);
  });

  it('add the tax of a market that shows prices with it, even in the base', () => {
    addItem({ ...phone, tax_class: 'reduced' }, 1);
    const base = { ...eur, presentment: { ...usd, rate: 1, rounding: 'none' as const, converted: false } };
    const withVat = {
      ...base,
      country: 'DE',
      taxIncluded: true,
      taxName: 'VAT',
      addedRates: { standard: 1900, reduced: 700 },
    };
    // 199.99 + 7 % = 213.99 (213.9893).
    expect(unitIn(items()[0]!, withVat)).toBe(21399);
    expect(cartTotalsIn({ items: items(), summary: { items: 1, priceCents: 19999 } }, withVat).priceCents).toBe(21399);
  });
});
