import type { Quote, QuoteBody, ShippingOption } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import { QUOTE_PLACEHOLDER_ADDRESS } from './checkout-form.ts';
import { methodToTake, shippingChoice, shippingPriceLabel } from './shipping.ts';

const standard: ShippingOption = {
  code: 'standard',
  name: 'Standard shipping',
  estimate: '5–7 business days',
  price: 5.99,
};
const express: ShippingOption = {
  code: 'express',
  name: 'Express shipping',
  estimate: '1–2 business days',
  price: 14.99,
};
const pickUp: ShippingOption = {
  code: 'pick-up',
  name: 'Pick-up in store',
  estimate: 'Collect from our store',
  price: 0,
};

const quote = (method: string, options: ShippingOption[] = [standard, express, pickUp]): Quote => ({
  lines: [],
  totals: { subtotal: 40, discount: 0, shipping: 5.99, tax: 3.2, total: 49.19 },
  discount_code: null,
  shipping_method: method,
  shipping_options: options,
  tax_rate: 8,
  currency: { code: 'USD', digits: 2 },
  tax_included: false,
  tax_lines: [],
  reverse_charge: false,
});

const berlin = { name: 'Ada', line1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' };
const asked = (method?: string, address = berlin): QuoteBody => ({
  shipping_address: address,
  ...(method ? { shipping_method: method } : {}),
});

describe('shippingPriceLabel', () => {
  const usd = { code: 'USD', digits: 2 };
  it('shows the quoted price, or Free when the method costs nothing for this order', () => {
    expect(shippingPriceLabel(express, usd)).toBe('$14.99');
    expect(shippingPriceLabel(pickUp, usd)).toBe('Free');
    expect(shippingPriceLabel({ ...standard, price: 0 }, usd)).toBe('Free');
  });

  it('writes the price in the quote’s currency', () => {
    expect(shippingPriceLabel({ ...express, price: 13.79 }, { code: 'EUR', digits: 2 })).toBe('€13.79');
    expect(shippingPriceLabel({ ...express, price: 1500 }, { code: 'JPY', digits: 0 })).toBe('¥1,500');
  });
});

describe('methodToTake', () => {
  it('takes the quote’s method when the one asked for is not offered at the address', () => {
    expect(methodToTake('pick-up', quote('standard', [standard, express]), asked('pick-up'))).toBe('standard');
  });

  it('takes the first offered method when none was chosen yet', () => {
    expect(methodToTake('', quote('standard'), asked())).toBe('standard');
  });

  it('keeps the method when the quote priced it', () => {
    expect(methodToTake('express', quote('express'), asked('express'))).toBeNull();
  });

  it('keeps a method chosen after the quoted body was sent (the next quote prices it)', () => {
    expect(methodToTake('express', quote('standard'), asked('standard'))).toBeNull();
    expect(methodToTake('express', quote('standard'), asked())).toBeNull();
  });

  it('keeps the method while there is no quote', () => {
    expect(methodToTake('standard', null, null)).toBeNull();
  });
});

describe('shippingChoice', () => {
  const quoted = { quote: quote('standard', [standard, express]), priced: asked('standard'), unshippable: null };

  it('asks for the address before it is complete, whatever the stand-in quote offers', () => {
    expect(shippingChoice(false, quoted)).toEqual({ kind: 'address_needed' });
    expect(shippingChoice(false, { ...quoted, unshippable: 'We do not ship to Norway.' })).toEqual({
      kind: 'address_needed',
    });
  });

  it('shows the methods and prices of the last quote for the address', () => {
    expect(shippingChoice(true, quoted)).toEqual({
      kind: 'options',
      options: [standard, express],
      currency: { code: 'USD', digits: 2 },
    });
  });

  it('says the shop does not ship there, with the quote’s sentence', () => {
    expect(shippingChoice(true, { ...quoted, unshippable: 'We do not ship to Norway.' })).toEqual({
      kind: 'not_shippable',
      message: 'We do not ship to Norway.',
    });
  });

  it('waits for the address’s own quote while the figures are the stand-in address’s', () => {
    expect(shippingChoice(true, { ...quoted, priced: asked('standard', QUOTE_PLACEHOLDER_ADDRESS) })).toEqual({
      kind: 'finding',
    });
    expect(shippingChoice(true, { quote: null, priced: null, unshippable: null })).toEqual({ kind: 'finding' });
  });
});
