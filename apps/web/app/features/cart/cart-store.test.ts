// @vitest-environment happy-dom
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addItem,
  CART_STORAGE_KEY,
  type CartProduct,
  cartStore,
  clearCart,
  lineTotalCents,
  loadCartFromStorage,
  removeItem,
  replaceCart,
  totalItems,
  totalPriceCents,
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

describe('cart store (spec §4)', () => {
  it('appends a product that is not in the cart yet', () => {
    addItem(phone, 2);
    addItem(shirt);
    expect(items().map((i) => [i.product.id, i.quantity])).toEqual([
      ['p-phone', 2],
      ['p-shirt', 1],
    ]);
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
            model.set(p.id, (model.get(p.id) ?? 0) + o.quantity);
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
