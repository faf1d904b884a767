import { describe, expect, it } from 'vitest';
import { changed, changedMessage, hasPriceChange } from './changes.ts';
import { CHECKOUT_MSG, checkActorBody, choicesMessage } from './rules.ts';

const body = { shipping_method: 'standard' } as Parameters<typeof checkActorBody>[1];
const item = { product_id: 'p', quantity: 1 };

describe('checkout rules', () => {
  it('signed in buys the cart with the account e-mail; a guest names items and an e-mail', () => {
    const signedIn = { userId: 'u' };
    expect(checkActorBody(signedIn, body)).toBeUndefined();
    expect(checkActorBody(signedIn, { ...body, items: [item] })).toMatchObject({ field: 'items' });
    expect(checkActorBody(signedIn, { ...body, email: 'a@b.c' })).toMatchObject({
      message: CHECKOUT_MSG.signedInEmail,
    });
    expect(checkActorBody({}, { ...body, items: [item] })).toMatchObject({ message: CHECKOUT_MSG.emailRequired });
    expect(checkActorBody({}, { ...body, email: 'a@b.c', items: [] })).toMatchObject({
      message: CHECKOUT_MSG.itemsRequired,
    });
    expect(checkActorBody({}, { ...body, email: 'a@b.c', items: [item] })).toBeUndefined();
  });

  it('says prices, stock, or both changed', () => {
    const price = changed({
      productId: 'p',
      variantId: 'v',
      name: 'Tee',
      reason: 'price_changed',
      expectedCents: 1000,
      currentCents: 1200,
      requested: 1,
      available: 5,
    });
    const stock = changed({
      productId: 'q',
      variantId: null,
      name: null,
      reason: 'insufficient_stock',
      currentCents: 500,
      requested: 3,
      available: 1,
    });
    expect(changedMessage([price])).toBe(CHECKOUT_MSG.pricesChanged);
    expect(changedMessage([stock])).toBe(CHECKOUT_MSG.stockChanged);
    expect(changedMessage([price, stock])).toBe(CHECKOUT_MSG.changed);
    expect(hasPriceChange([stock])).toBe(false);
    expect(stock).toMatchObject({ name: 'Unknown product', variant_id: null, expected_price: null, current_price: 5 });
    expect(price).toMatchObject({ variant_id: 'v', expected_price: 10, current_price: 12 });
  });

  it('names every missing choice', () => {
    expect(
      choicesMessage([
        { item_id: 'i', product_id: 'p', name: 'Tee', missing: ['color', 'size'] },
        { item_id: 'j', product_id: 'q', name: 'Cap', missing: ['size'] },
      ]),
    ).toBe('Please choose a colour and a size for Tee; a size for Cap in your cart before checking out.');
  });
});
