import { email } from '@shop/contracts/auth';
import {
  type Address,
  address,
  type CheckoutBase,
  cardInput,
  type PlaceOrderBody,
  SHIPPING_METHOD_IDS,
} from '@shop/contracts/orders';
import { z } from 'zod';
import type { LocalCartItem } from '../cart/index.ts';
import { parseExpiry } from './card-input.ts';

/** The address fields as the form holds them: every one a string, empty when not given. */
export interface AddressValues {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
  phone: string;
}

export type ShippingMethodId = (typeof SHIPPING_METHOD_IDS)[number];
export type PaymentMethod = 'card' | 'pay_later';

/** Everything the checkout form holds (the order body is built from it, see `orderBody`). */
export interface CheckoutValues {
  email: string;
  shipping: AddressValues;
  billing_same: boolean;
  billing: AddressValues;
  shipping_method: ShippingMethodId;
  payment_method: PaymentMethod;
  card: { number: string; expiry: string; cvc: string; name: string };
}

/** Who checks out and which saved address they picked (null: a new address typed into the form). */
export interface CheckoutContext {
  guest: boolean;
  savedAddress: Address | null;
}

export const emptyAddress = (country = 'US'): AddressValues => ({
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postal_code: '',
  country,
  phone: '',
});

export function defaultCheckoutValues(shippingMethod: ShippingMethodId = 'standard'): CheckoutValues {
  return {
    email: '',
    shipping: emptyAddress(),
    billing_same: true,
    billing: emptyAddress(),
    shipping_method: shippingMethod,
    payment_method: 'card',
    card: { number: '', expiry: '', cvc: '', name: '' },
  };
}

/** The card as typed: the contract's number, CVC and name rules, and an MM/YY expiry. */
function cardForm(now: Date) {
  return z.object({
    number: cardInput.shape.number,
    expiry: z.string().superRefine((text, ctx) => {
      const parsed = parseExpiry(text, now);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    }),
    cvc: cardInput.shape.cvc,
    name: cardInput.shape.name,
  });
}

/**
 * The schema that checks the form as it is now, from the contracts (issue 4): only the parts that
 * will be sent are checked — the e-mail for guests, the typed address unless a saved one is picked,
 * the billing address unless it is the shipping one, the card unless paying later.
 */
export function checkoutFormSchema(
  ctx: CheckoutContext,
  values: Pick<CheckoutValues, 'billing_same' | 'payment_method'>,
  now = new Date(),
) {
  return z.object({
    ...(ctx.guest ? { email } : {}),
    ...(ctx.savedAddress ? {} : { shipping: address }),
    ...(values.billing_same ? {} : { billing: address }),
    shipping_method: z.enum(SHIPPING_METHOD_IDS, { error: 'Choose a shipping method' }),
    payment_method: z.enum(['card', 'pay_later'], { error: 'Choose how to pay' }),
    ...(values.payment_method === 'card' ? { card: cardForm(now) } : {}),
  });
}

/** An address for the wire: trimmed, the country upper-cased, empty optional fields left out. */
export function toAddress(values: AddressValues): Address {
  const parsed = address.parse({
    name: values.name,
    line1: values.line1,
    city: values.city,
    postal_code: values.postal_code,
    country: values.country,
    ...(values.line2.trim() ? { line2: values.line2 } : {}),
    ...(values.region.trim() ? { region: values.region } : {}),
    ...(values.phone.trim() ? { phone: values.phone } : {}),
  });
  return parsed;
}

/** The address the form has typed so far, or null while it is not complete and valid. */
export function completeAddress(values: AddressValues): Address | null {
  try {
    return toAddress(values);
  } catch {
    return null;
  }
}

/** A guest's cart lines as order items (no prices: the server prices them, ADR 003). */
export function guestItems(items: LocalCartItem[]): NonNullable<CheckoutBase['items']> {
  return items.map((item) => ({
    product_id: item.product.id,
    // Issue 14: the variant the line buys; a line that does not know it lets its colour and size pick it.
    ...(item.variantId ? { variant_id: item.variantId } : {}),
    quantity: item.quantity,
    ...(item.color ? { color: item.color } : {}),
    ...(item.size ? { size: item.size } : {}),
  }));
}

/**
 * The priced part of the order (POST /api/checkout/quote, and POST /api/orders without payment).
 * Signed-in shoppers buy their server cart: no e-mail and no items (the API refuses them).
 */
export function checkoutBody(
  values: CheckoutValues,
  ctx: CheckoutContext,
  items: LocalCartItem[],
  discountCode: string | null,
): CheckoutBase {
  const shipping = ctx.savedAddress ?? toAddress(values.shipping);
  return {
    ...(ctx.guest ? { email: values.email.trim(), items: guestItems(items) } : {}),
    shipping_address: shipping,
    ...(values.billing_same ? {} : { billing_address: toAddress(values.billing) }),
    shipping_method: values.shipping_method,
    ...(discountCode ? { discount_code: discountCode } : {}),
  };
}

/**
 * Stand-ins for the quote while the shopper has not typed an e-mail or a complete address yet. Prices,
 * discounts, shipping and tax do not depend on either (one store-wide tax rate), so the summary shows
 * exact totals at once; the order itself always carries what the shopper typed.
 */
export const QUOTE_PLACEHOLDER_EMAIL = 'quote@example.invalid';
export const QUOTE_PLACEHOLDER_ADDRESS: Address = {
  name: 'Quote',
  line1: 'Quote',
  city: 'Quote',
  postal_code: '00000',
  country: 'US',
};

/** The body of POST /api/checkout/quote for the form as it is now (see the stand-ins above). */
export function quoteBody(
  values: CheckoutValues,
  ctx: CheckoutContext,
  items: LocalCartItem[],
  discountCode: string | null,
): CheckoutBase {
  const shipping = ctx.savedAddress ?? completeAddress(values.shipping) ?? QUOTE_PLACEHOLDER_ADDRESS;
  return {
    ...(ctx.guest ? { email: QUOTE_PLACEHOLDER_EMAIL, items: guestItems(items) } : {}),
    shipping_address: shipping,
    shipping_method: values.shipping_method,
    ...(discountCode ? { discount_code: discountCode } : {}),
  };
}

/** The payment part of the order body; the card's expiry becomes the month and year the API takes. */
export function paymentBody(values: CheckoutValues, now = new Date()): PlaceOrderBody['payment'] {
  if (values.payment_method === 'pay_later') return { method: 'pay_later' };
  const expiry = parseExpiry(values.card.expiry, now);
  if (!expiry.ok) throw new Error(expiry.message);
  return {
    method: 'card',
    card: {
      number: values.card.number.replace(/[\s-]/g, ''),
      exp_month: expiry.month,
      exp_year: expiry.year,
      cvc: values.card.cvc.trim(),
      name: values.card.name.trim(),
    },
  };
}

/** Which form field a server answer's `details.field` is about (a bad card number, CVC or expiry). */
export function formFieldOf(serverField: unknown): 'card.number' | 'card.cvc' | 'card.expiry' | 'email' | null {
  switch (serverField) {
    case 'payment.card.number':
      return 'card.number';
    case 'payment.card.cvc':
      return 'card.cvc';
    case 'payment.card':
    case 'payment.card.exp_month':
    case 'payment.card.exp_year':
      return 'card.expiry';
    case 'email':
      return 'email';
    default:
      return null;
  }
}
