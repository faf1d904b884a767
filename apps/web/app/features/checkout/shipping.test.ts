import type { Quote } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import { freeShippingNote, type ShippingMethod, shippingPriceLabel } from './shipping.ts';

const standard: ShippingMethod = {
  id: 'standard',
  name: 'Standard shipping',
  description: '5–7 business days',
  price: 5.99,
  free_over: 50,
};
const express: ShippingMethod = {
  id: 'express',
  name: 'Express shipping',
  description: '1–2 business days',
  price: 14.99,
  free_over: null,
};

const quote = (over: Partial<Quote['totals']>, method: Quote['shipping_method'] = 'express'): Quote => ({
  lines: [],
  totals: { subtotal: 40, discount: 0, shipping: 14.99, tax: 4.4, total: 59.39, ...over },
  discount_code: null,
  shipping_method: method,
  tax_rate: 8,
});

describe('shippingPriceLabel', () => {
  it('the chosen method shows what the quote charges', () => {
    expect(shippingPriceLabel(express, quote({ shipping: 14.99 }))).toBe('$14.99');
    expect(shippingPriceLabel(standard, quote({ subtotal: 60, shipping: 0 }, 'standard'))).toBe('Free');
  });

  it('another method shows its rate, or Free once the quoted subtotal after discount reaches its threshold', () => {
    expect(shippingPriceLabel(standard, null)).toBe('$5.99');
    expect(shippingPriceLabel(standard, quote({ subtotal: 49.99 }))).toBe('$5.99');
    expect(shippingPriceLabel(standard, quote({ subtotal: 50 }))).toBe('Free');
    // $55 − $10 discount = $45: under the threshold.
    expect(shippingPriceLabel(standard, quote({ subtotal: 55, discount: 10 }))).toBe('$5.99');
    expect(shippingPriceLabel(express, quote({ subtotal: 500 }, 'standard'))).toBe('$14.99');
  });

  it('a method without a price is free', () => {
    expect(shippingPriceLabel({ ...express, price: 0 }, null)).toBe('Free');
  });
});

describe('freeShippingNote', () => {
  it('names the threshold when there is one', () => {
    expect(freeShippingNote(standard)).toBe('Free on orders over $50.00');
    expect(freeShippingNote(express)).toBeNull();
  });
});
