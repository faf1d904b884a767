import { describe, expect, it } from 'vitest';
import type { LocalCartItem } from '../cart/index.ts';
import {
  type AddressValues,
  type CheckoutContext,
  type CheckoutValues,
  checkoutBody,
  checkoutFormSchema,
  defaultCheckoutValues,
  emptyAddress,
  formFieldOf,
  guestItems,
  paymentBody,
  QUOTE_PLACEHOLDER_ADDRESS,
  QUOTE_PLACEHOLDER_EMAIL,
  quoteBody,
} from './checkout-form.ts';

const now = new Date(2030, 4, 15);
const home: AddressValues = {
  ...emptyAddress(),
  name: '  Ada Lovelace ',
  line1: '12 St James Square',
  city: 'London',
  postal_code: 'SW1Y 4JH',
  country: 'gb',
};
const filled = (over: Partial<CheckoutValues> = {}): CheckoutValues => ({
  ...defaultCheckoutValues(),
  email: 'ada@example.com',
  shipping: home,
  card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' },
  ...over,
});
const guest: CheckoutContext = { guest: true, savedAddress: null };
const member: CheckoutContext = { guest: false, savedAddress: null };
const lines: LocalCartItem[] = [
  { product: { id: 'p1', name: 'Lamp', sale_price: 25 }, quantity: 2, color: null, size: null },
  { product: { id: 'p2', name: 'Shirt', sale_price: 20 }, quantity: 1, color: 'Blue', size: 'M' },
];

/** The messages the form would show, by field path. */
function problems(values: CheckoutValues, ctx: CheckoutContext): Record<string, string> {
  const result = checkoutFormSchema(ctx, values, now).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('checkoutFormSchema', () => {
  it('a complete guest form passes', () => {
    expect(problems(filled(), guest)).toEqual({});
  });

  it('checks the contracts’ rules with their messages', () => {
    const values = filled({
      email: 'not-an-email',
      shipping: { ...emptyAddress(), country: 'USA' },
      card: { number: '4242', expiry: '13/30', cvc: '12', name: ' ' },
    });
    expect(problems(values, guest)).toEqual({
      email: 'Email is invalid',
      'shipping.name': 'Full name is required',
      'shipping.line1': 'Address is required',
      'shipping.city': 'City is required',
      'shipping.postal_code': 'Postal code is required',
      'shipping.country': 'Country must be a two-letter code',
      'card.number': 'Card number must be 12 to 19 digits',
      'card.expiry': 'Expiry month must be 1–12',
      'card.cvc': 'CVC must be 3 or 4 digits',
      'card.name': 'Name on card is required',
    });
  });

  it('an expired card is refused before it is sent', () => {
    expect(problems(filled({ card: { ...filled().card, expiry: '04/30' } }), guest)).toEqual({
      'card.expiry': 'Your card has expired.',
    });
  });

  it('only checks what will be sent', () => {
    const blank = filled({ email: '', shipping: emptyAddress(), card: { number: '', expiry: '', cvc: '', name: '' } });
    // Signed in with a saved address, paying later: no e-mail, no typed address, no card.
    const saved = { name: 'Ada', line1: '1 Road', city: 'Paris', postal_code: '75001', country: 'FR' };
    expect(problems({ ...blank, payment_method: 'pay_later' }, { guest: false, savedAddress: saved })).toEqual({});
    // A different billing address is checked only when asked for.
    expect(problems(filled({ billing_same: false }), guest)).toMatchObject({ 'billing.name': 'Full name is required' });
    expect(problems(filled({ billing_same: true }), guest)).toEqual({});
  });
});

describe('checkoutBody', () => {
  it('a guest sends the e-mail and the cart lines without prices, the address tidied', () => {
    expect(checkoutBody(filled(), guest, lines, 'WELCOME10')).toEqual({
      email: 'ada@example.com',
      items: [
        { product_id: 'p1', quantity: 2 },
        { product_id: 'p2', quantity: 1, color: 'Blue', size: 'M' },
      ],
      shipping_address: {
        name: 'Ada Lovelace',
        line1: '12 St James Square',
        city: 'London',
        postal_code: 'SW1Y 4JH',
        country: 'GB',
      },
      shipping_method: 'standard',
      discount_code: 'WELCOME10',
    });
  });

  it('a signed-in shopper buys the server cart: no e-mail, no items', () => {
    const body = checkoutBody(filled({ shipping_method: 'express' }), member, lines, null);
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('items');
    expect(body).not.toHaveProperty('discount_code');
    expect(body.shipping_method).toBe('express');
  });

  it('uses the saved address when one is picked, and a separate billing address when asked', () => {
    const saved = { name: 'Ada', line1: '1 Road', city: 'Paris', postal_code: '75001', country: 'FR' };
    const billing = { ...home, line2: 'Flat 2', phone: '+44 20 7946 0000' };
    const body = checkoutBody(
      filled({ billing_same: false, billing }),
      { guest: false, savedAddress: saved },
      [],
      null,
    );
    expect(body.shipping_address).toEqual(saved);
    expect(body.billing_address).toMatchObject({ line2: 'Flat 2', phone: '+44 20 7946 0000', country: 'GB' });
  });
});

describe('guestItems', () => {
  it('sends each line’s variant (issue 14), and colour and size as the spec’s lines carry them', () => {
    const shirt = { id: 'p-shirt', name: 'Shirt', sale_price: 20 };
    const lines: LocalCartItem[] = [
      { product: shirt, quantity: 1, variantId: 'v-red-m', options: ['Red', 'M'], color: 'Red', size: 'M' },
      { product: shirt, quantity: 2, variantId: 'v-red-l', options: ['Red', 'L'], color: 'Red', size: 'L' },
      // Saved before variants: the server picks the variant by colour and size.
      { product: shirt, quantity: 1, color: 'Blue', size: 'S' },
    ];
    expect(guestItems(lines)).toEqual([
      { product_id: 'p-shirt', variant_id: 'v-red-m', quantity: 1, color: 'Red', size: 'M' },
      { product_id: 'p-shirt', variant_id: 'v-red-l', quantity: 2, color: 'Red', size: 'L' },
      { product_id: 'p-shirt', quantity: 1, color: 'Blue', size: 'S' },
    ]);
  });
});

describe('quoteBody', () => {
  it('prices at once with stand-ins for what is not typed yet', () => {
    const body = quoteBody(defaultCheckoutValues(), guest, lines, null);
    expect(body.email).toBe(QUOTE_PLACEHOLDER_EMAIL);
    expect(body.shipping_address).toEqual(QUOTE_PLACEHOLDER_ADDRESS);
    expect(body.items).toHaveLength(2);
  });

  it('uses the typed address once it is complete', () => {
    expect(quoteBody(filled(), guest, lines, null).shipping_address.city).toBe('London');
  });
});

describe('paymentBody', () => {
  it('a card: digits only, the expiry as month and year', () => {
    expect(paymentBody(filled(), now)).toEqual({
      method: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123', name: 'Ada Lovelace' },
    });
  });

  it('pay later carries no card', () => {
    expect(paymentBody(filled({ payment_method: 'pay_later' }), now)).toEqual({ method: 'pay_later' });
  });
});

describe('formFieldOf', () => {
  it('maps the API’s field names to the form’s', () => {
    expect(formFieldOf('payment.card.number')).toBe('card.number');
    expect(formFieldOf('payment.card.cvc')).toBe('card.cvc');
    expect(formFieldOf('payment.card')).toBe('card.expiry');
    expect(formFieldOf('email')).toBe('email');
    expect(formFieldOf('discount_code')).toBeNull();
    expect(formFieldOf(undefined)).toBeNull();
  });
});
