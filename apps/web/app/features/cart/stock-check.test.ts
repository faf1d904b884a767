import { describe, expect, it } from 'vitest';
import type { LocalCartItem } from './cart-store.ts';
import { correctedLines } from './stock-check.ts';

const line = (id: string, quantity: number, available?: number): LocalCartItem => ({
  product: { id, name: `Product ${id}`, sale_price: 1 },
  variantId: `v-${id}`,
  quantity,
  ...(available !== undefined ? { available } : {}),
});

describe('correctedLines', () => {
  it('lowers a line above its stock with a notice, drops a sold-out one, keeps the rest', () => {
    const stock: Record<string, number | undefined> = { a: 142, b: 0, c: 10, d: undefined };
    const { items, notices } = correctedLines(
      [line('a', 284), line('b', 1), line('c', 3), line('d', 7)],
      (item) => stock[item.product.id],
    );
    expect(items.map((i) => [i.product.id, i.quantity, i.available])).toEqual([
      ['a', 142, 142],
      ['c', 3, 10],
      ['d', 7, undefined],
    ]);
    expect(notices).toEqual([
      'Only 142 of Product a left — we changed the quantity in your cart to 142.',
      'Product b is sold out — we removed it from your cart.',
    ]);
  });

  it('says nothing when every line fits', () => {
    expect(correctedLines([line('a', 2)], () => 5).notices).toEqual([]);
  });
});
