import { CARD_MSG } from '@shop/contracts/cards';
import { address } from '@shop/contracts/orders';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LocalCartItem } from '../cart/index.ts';
import {
  type AddressValues,
  type CheckoutContext,
  type CheckoutValues,
  checkoutBody,
  checkoutFormSchema,
  checkTypedCard,
  defaultCheckoutValues,
  emptyAddress,
  guestItems,
  knownShippingAddress,
  paymentBody,
  paymentMethods,
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
  shipping_method: 'standard',
  card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' },
  ...over,
});
const guest: CheckoutContext = { guest: true, savedAddress: null, cardProvider: 'demo', payLater: true };
const member: CheckoutContext = { guest: false, savedAddress: null, cardProvider: 'demo', payLater: true };
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

  it('asks for a shipping method until a quote has offered one, and takes any method code', () => {
    expect(defaultCheckoutValues().shipping_method).toBe('');
    expect(problems(filled({ shipping_method: '' }), guest)).toEqual({ shipping_method: 'Choose a shipping method' });
    expect(problems(filled({ shipping_method: 'pick-up' }), guest)).toEqual({});
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
      'shipping.country': 'Choose a country from the list',
      'card.number': 'Card number must be 12 to 19 digits',
      'card.expiry': 'Expiry month must be 1–12',
      'card.cvc': 'CVC must be 3 or 4 digits',
      'card.name': 'Name on card is required',
    });
  });

  it('checks the address by its country: the US asks for a ZIP code of its shape and a state', () => {
    const us = { ...home, country: 'US', city: 'Austin', postal_code: '7870', region: '' };
    expect(problems(filled({ shipping: us }), guest)).toEqual({
      'shipping.postal_code': 'ZIP code is not valid for United States (for example 78701)',
      'shipping.region': 'State is required',
    });
    expect(problems(filled({ shipping: { ...us, postal_code: '78701-1234', region: 'TX' } }), guest)).toEqual({});
  });

  it('an expired card is refused before it is sent', () => {
    expect(problems(filled({ card: { ...filled().card, expiry: '04/30' } }), guest)).toEqual({
      'card.expiry': 'Your card has expired.',
    });
  });

  it('the browser makes the gateway’s checks — Luhn, the security code for the brand', () => {
    const card = filled().card;
    expect(problems(filled({ card: { ...card, number: '4242 4242 4242 4241' } }), guest)).toEqual({
      'card.number': CARD_MSG.invalidNumber,
    });
    expect(problems(filled({ card: { ...card, cvc: '1234' } }), guest)).toEqual({ 'card.cvc': CARD_MSG.invalidCvc });
    // An Amex has 4 digits on its front.
    const amex = { ...card, number: '3782 822463 10005' };
    expect(problems(filled({ card: { ...amex, cvc: '123' } }), guest)).toEqual({ 'card.cvc': CARD_MSG.invalidCvc });
    expect(problems(filled({ card: { ...amex, cvc: '1234' } }), guest)).toEqual({});
    // Every field is checked at once, even when the expiry cannot be read.
    expect(
      problems(filled({ card: { number: '4242 4242 4242 4241', expiry: 'soon', cvc: '', name: '' } }), guest),
    ).toEqual({
      'card.number': CARD_MSG.invalidNumber,
      'card.expiry': 'Enter the expiry date as MM/YY',
      'card.cvc': 'CVC is required',
      'card.name': 'Name on card is required',
    });
  });

  it('checkTypedCard reads the typed expiry and answers what the demo provider receives', () => {
    expect(checkTypedCard({ number: '5555-5555-5555-4444', expiry: '0731', cvc: '321', name: ' Ada ' }, now)).toEqual({
      ok: true,
      card: { brand: 'mastercard', last4: '4444', exp_month: 7, exp_year: 2031, name: 'Ada' },
    });
  });

  it('with Stripe the Payment Element checks the card: our card fields are not checked', () => {
    const stripe = { ...guest, cardProvider: 'stripe' as const };
    expect(problems(filled({ card: { number: '', expiry: '', cvc: '', name: '' } }), stripe)).toEqual({});
  });

  it('without a card provider only paying later is possible', () => {
    const none = { ...guest, cardProvider: null };
    expect(defaultCheckoutValues(null).payment_method).toBe('pay_later');
    expect(defaultCheckoutValues('demo').payment_method).toBe('card');
    expect(problems(filled({ payment_method: 'pay_later' }), none)).toEqual({});
    expect(problems(filled({ payment_method: 'card' }), none)).toEqual({ payment_method: 'Choose how to pay' });
  });

  it('offers pay later only once the store has saved its bank details', () => {
    const noBank = { ...guest, payLater: false };
    expect(paymentMethods(guest)).toEqual(['card', 'pay_later']);
    expect(paymentMethods(noBank)).toEqual(['card']);
    expect(paymentMethods({ cardProvider: null, payLater: false })).toEqual([]);
    expect(problems(filled({ payment_method: 'pay_later' }), noBank)).toEqual({ payment_method: 'Choose how to pay' });
    expect(problems(filled({ payment_method: 'card' }), noBank)).toEqual({});
  });

  it('only checks what will be sent', () => {
    const blank = filled({ email: '', shipping: emptyAddress(), card: { number: '', expiry: '', cvc: '', name: '' } });
    // Signed in with a saved address, paying later: no e-mail, no typed address, no card.
    const saved = { name: 'Ada', line1: '1 Road', city: 'Paris', postal_code: '75001', country: 'FR' };
    expect(
      problems(
        { ...blank, payment_method: 'pay_later' },
        { guest: false, savedAddress: saved, cardProvider: 'demo', payLater: true },
      ),
    ).toEqual({});
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
      { guest: false, savedAddress: saved, cardProvider: 'demo', payLater: true },
      [],
      null,
    );
    expect(body.shipping_address).toEqual(saved);
    expect(body.billing_address).toMatchObject({ line2: 'Flat 2', phone: '+44 20 7946 0000', country: 'GB' });
  });
});

describe('guestItems', () => {
  it('sends each line’s variant, and colour and size as the documented lines carry them', () => {
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
    // The stand-in passes the API's own address check, whatever the country's rules ask.
    expect(address.safeParse(QUOTE_PLACEHOLDER_ADDRESS).success).toBe(true);
    expect(body.items).toHaveLength(2);
  });

  it('uses the typed address once it is complete', () => {
    expect(quoteBody(filled(), guest, lines, null).shipping_address.city).toBe('London');
  });

  it('leaves the method out until one is chosen, so the quote prices the first the address offers', () => {
    expect(quoteBody(filled({ shipping_method: '' }), guest, lines, null)).not.toHaveProperty('shipping_method');
    expect(quoteBody(filled({ shipping_method: 'pick-up' }), guest, lines, null).shipping_method).toBe('pick-up');
  });
});

describe('the VAT number', () => {
  it('goes in the order body trimmed, and only when given', () => {
    expect(checkoutBody(filled({ vat_number: ' DE136695976 ' }), guest, lines, null).vat_number).toBe('DE136695976');
    expect(checkoutBody(filled({ vat_number: '  ' }), guest, lines, null)).not.toHaveProperty('vat_number');
    expect(checkoutBody(filled(), member, lines, null)).not.toHaveProperty('vat_number');
  });

  it('goes in the quote only with the real address it is checked for, and within its length', () => {
    expect(quoteBody(filled({ vat_number: 'DE136695976' }), guest, lines, null).vat_number).toBe('DE136695976');
    const untyped = { ...defaultCheckoutValues(), vat_number: 'DE136695976' };
    expect(quoteBody(untyped, guest, lines, null)).not.toHaveProperty('vat_number');
    expect(quoteBody(filled({ vat_number: 'X'.repeat(21) }), guest, lines, null)).not.toHaveProperty('vat_number');
  });

  it('is optional, and the form says when it is too long', () => {
    expect(problems(filled({ vat_number: '' }), guest)).toEqual({});
    expect(problems(filled({ vat_number: 'X'.repeat(21) }), guest)).toEqual({
      vat_number: 'A VAT number has at most 20 characters',
    });
  });
});

describe('knownShippingAddress', () => {
  it('is the saved address picked, else the typed one once complete, else unknown', () => {
    const saved = { name: 'Ada', line1: '1 Road', city: 'Paris', postal_code: '75001', country: 'FR' };
    expect(knownShippingAddress(defaultCheckoutValues(), { ...member, savedAddress: saved })).toBe(saved);
    expect(knownShippingAddress(filled(), guest)?.country).toBe('GB');
    expect(knownShippingAddress(filled({ shipping: { ...home, postal_code: '' } }), guest)).toBeNull();
    expect(knownShippingAddress(defaultCheckoutValues(), guest)).toBeNull();
  });
});

describe('paymentBody', () => {
  it('demo: the card becomes brand, last 4 and expiry — no number, no CVC', () => {
    expect(paymentBody(filled(), 'demo', now)).toEqual({
      method: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, name: 'Ada Lovelace' },
    });
  });

  it('demo: whatever valid card is typed, the body carries none of its number but the last 4, and no CVC', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 11, maxLength: 18 }),
        fc.constantFrom(' ', '-', ''),
        (body, sep) => {
          const head = body.join('');
          const number = `${head}${luhnDigit(head)}`;
          const cvc = /^3[47]/.test(number) ? '9876' : '987';
          const card = { number: number.replace(/(\d{4})(?=\d)/g, `$1${sep}`), expiry: '12/34', cvc, name: 'Ada' };
          const sent = JSON.stringify(paymentBody(filled({ card }), 'demo', now));
          // At least 8 digits of the number before its last 4: no other part of the body has a run that long.
          expect(sent).not.toContain(number.slice(0, -4));
          expect(Object.keys(JSON.parse(sent).card).sort()).toEqual([
            'brand',
            'exp_month',
            'exp_year',
            'last4',
            'name',
          ]);
          expect(JSON.parse(sent).card.last4).toBe(number.slice(-4));
        },
      ),
    );
  });

  it('demo: a card that fails its checks is never turned into a body', () => {
    expect(() =>
      paymentBody(filled({ card: { ...filled().card, number: '4242 4242 4242 4241' } }), 'demo', now),
    ).toThrow(CARD_MSG.invalidNumber);
  });

  it('Stripe: only the method — the card goes from the Payment Element to Stripe', () => {
    expect(paymentBody(filled(), 'stripe', now)).toEqual({ method: 'card' });
  });

  it('pay later carries no card', () => {
    expect(paymentBody(filled({ payment_method: 'pay_later' }), 'demo', now)).toEqual({ method: 'pay_later' });
    expect(paymentBody(filled({ payment_method: 'pay_later' }), null, now)).toEqual({ method: 'pay_later' });
  });
});

/** The Luhn check digit for `body`. */
function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}
