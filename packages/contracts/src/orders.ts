import { z } from 'zod';
import { normalRegion, postcodeProblem, regionProblem } from './address-rules.ts';
import { email } from './auth.ts';
import { idempotencyKey, productId, variantId } from './cart.ts';
import { paged } from './common.ts';
import { MAX_LINE_QUANTITY } from './constants.ts';
import { isCountryCode } from './countries.ts';
import { ROUNDINGS } from './currency.ts';
import { stopAt } from './text.ts';

export const COUNTRY_MESSAGE = 'Choose a country from the list';
const CURRENCY_MESSAGE = 'A currency is a three-letter ISO 4217 code, like EUR';

/** Checkout and orders. Money on the wire is decimals; cents inside (money.ts). */

/**
 * ISO 3166-1 alpha-2 from the list (countries.ts), upper-cased: free text cut to two letters made
 * "Germany" into GE (Georgia), so anything else is refused on the field. A linear check: at most
 * 8 characters are trimmed and looked up.
 */
export const countryCode = z
  .string({ error: (issue) => (issue.input === undefined ? 'Country is required' : COUNTRY_MESSAGE) })
  .max(8, { message: COUNTRY_MESSAGE, abort: true })
  .trim()
  // An overwrite, not a transform: answers that carry an address must encode through it too.
  .toUpperCase()
  // Not a type guard: an Address keeps `country: string`, as stored addresses hold.
  .refine((code): boolean => isCountryCode(code), COUNTRY_MESSAGE);

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, stopAt(`${label} must be at most ${max} characters`));

/**
 * The name and address are the only text a shopper types that the order mail
 * carries (to any address they name), so each field is one plain line: no control characters or
 * line breaks, no markup, and nothing a mail program would make a link of (a scheme, `www.`, an
 * e-mail address). Both patterns are linear and run after the length limit.
 */
const PLAIN_CHARS = /^[^<>@\p{Cc}]*$/u;
const LINK = /:\/\/|www\./i;
const plainLine = (schema: z.ZodString, label: string) => {
  const message = `${label} must be plain text: no links, e-mail addresses, markup or line breaks`;
  return schema.regex(PLAIN_CHARS, message).refine((v) => !LINK.test(v), message);
};

/** A postcode as typed: its shape is the country's (`countryRules`). */
export const postalCode = plainLine(
  z
    .string({ error: 'Postal code must be text' })
    .trim()
    .max(20, stopAt('Postal code must be at most 20 characters'))
    // An overwrite, not a transform: "sw1a 1aa" is kept as "SW1A 1AA".
    .toUpperCase(),
  'Postal code',
);

/** An address's fields, each checked on its own; `address` adds the rules of its country. */
export const addressFields = z.strictObject({
  name: plainLine(text('Full name', 100), 'Full name'),
  line1: plainLine(text('Address', 200), 'Address'),
  line2: plainLine(
    z.string().trim().max(200, stopAt('Address line 2 must be at most 200 characters')),
    'Address line 2',
  ).optional(),
  city: plainLine(text('City', 100), 'City'),
  region: plainLine(
    z.string().trim().max(100, stopAt('State / region must be at most 100 characters')),
    'State / region',
  ).optional(),
  // Required or not, and its shape, depend on the country: `countryRules` below.
  postal_code: postalCode.default(''),
  country: countryCode,
  phone: z
    .string()
    .trim()
    .regex(/^[0-9 +()-]{0,30}$/, 'Phone may contain digits, spaces and + ( ) - only')
    .optional(),
});

type AddressShape = Pick<z.output<typeof addressFields>, 'country' | 'postal_code' | 'region'>;

/**
 * The country's own rules (address-rules.ts): its postcode's shape and whether it and the region are
 * required, each message on its field. Skipped for a field that already failed on its own (too long,
 * not plain text) and when the country is not on the list, so each field shows one message.
 */
export function countryRules(ctx: z.core.ParsePayload<AddressShape>): void {
  const failed = new Set(ctx.issues.map((issue) => issue.path?.[0]));
  if (failed.has('country')) return;
  const { country, postal_code, region } = ctx.value;
  const postcode = failed.has('postal_code') ? null : postcodeProblem(country, postal_code);
  if (postcode) ctx.issues.push({ code: 'custom', path: ['postal_code'], message: postcode, input: postal_code });
  const missingRegion = failed.has('region') ? null : regionProblem(country, region);
  if (missingRegion) ctx.issues.push({ code: 'custom', path: ['region'], message: missingRegion, input: region });
}

export const address = addressFields
  .check(countryRules)
  // A state or province is kept as its code ("Texas" is TX); elsewhere the region as typed.
  .overwrite((a) => (a.region ? { ...a, region: normalRegion(a.country, a.region) } : a));
export type Address = z.infer<typeof address>;

/**
 * An address in an answer: its fields without the country's rules, and the country any two letters,
 * because addresses saved before countries came from the list
 * (docs/adr/028-countries-and-address-lines.md) must still show.
 */
export const storedAddress = addressFields.extend({
  country: z
    .string()
    .trim()
    // An overwrite, not a transform: answers that carry an address must encode through it too.
    .toUpperCase(),
});
export type StoredAddress = z.infer<typeof storedAddress>;

export const orderLineInput = z.strictObject({
  product_id: productId,
  variant_id: variantId.optional(),
  quantity: z
    .number({ error: 'quantity must be a number' })
    .min(1, 'quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`)
    .int('quantity must be a whole number'),
  color: z.string().trim().max(50).optional(),
  size: z.string().trim().max(50).optional(),
});

/** The card brands the shop names (a card number's issuer prefix; `card` when unknown). */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'card'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Fields that would carry card data the server must never receive. */
const CARD_DATA_KEYS = ['number', 'cvc', 'cvv', 'pan', 'card_number'];

/**
 * The demo provider's card as the browser sends it — it checked the number, expiry and
 * security code itself, and only the brand, the last four digits and the expiry reach the server. A
 * full number or a security code is refused with a message that says why.
 */
export const demoCardInput = z
  .record(z.string(), z.unknown(), { error: 'payment.card must be an object' })
  .superRefine((value, ctx) => {
    const leaked = CARD_DATA_KEYS.find((key) => key in value);
    if (leaked) {
      ctx.addIssue({
        code: 'custom',
        path: [leaked],
        message:
          'Card numbers and security codes are never sent to the shop: send the brand and the last 4 digits the card form gives',
      });
    }
  })
  .pipe(
    z.strictObject({
      brand: z.enum(CARD_BRANDS, { error: 'Card brand must be visa, mastercard, amex, discover or card' }),
      last4: z.string({ error: 'Last 4 digits are required' }).regex(/^\d{4}$/, 'Last 4 digits must be 4 digits'),
      exp_month: z
        .number({ error: 'Expiry month is required' })
        .int()
        .min(1, 'Expiry month must be 1–12')
        .max(12, 'Expiry month must be 1–12'),
      exp_year: z
        .number({ error: 'Expiry year is required' })
        .int()
        .min(2000, 'Expiry year is invalid')
        .max(2100, 'Expiry year is invalid'),
      name: text('Name on card', 100),
    }),
  );
export type DemoCardInput = z.infer<typeof demoCardInput>;

/**
 * How an order is paid. `card` with the demo provider carries `card` (brand and last 4 only); with
 * Stripe it carries nothing: the shopper's card goes from Stripe's Payment Element straight to Stripe.
 */
export const paymentInput = z.discriminatedUnion(
  'method',
  [
    z.strictObject({ method: z.literal('card'), card: demoCardInput.optional() }),
    z.strictObject({ method: z.literal('pay_later') }),
  ],
  { error: 'payment.method must be card or pay_later' },
);

/**
 * A shipping method's code within its zone ("standard", "pick-up"): what checkout and orders name it by.
 * `message` is said for anything else: the shopper and the owner are told different things.
 */
export const methodCode = (message: string) =>
  z
    .string({ error: message })
    .max(40, stopAt(message))
    .regex(/^[a-z0-9][a-z0-9-]*$/, message);

/** The priced part of a checkout: what POST /api/checkout/quote takes, and POST /api/orders without payment. */
export const checkoutBase = z.strictObject({
  /** Guests only: a signed-in shopper's order uses the account e-mail and the server cart. */
  email: email.optional(),
  /** Guests only: the lines to buy. Signed-in shoppers buy their server cart. */
  items: z.array(orderLineInput).min(1, 'Add at least one item').max(100, 'At most 100 lines per order').optional(),
  shipping_address: address,
  billing_address: address.optional(),
  shipping_method: methodCode('Choose a shipping method'),
  /**
   * A business buyer's VAT number (docs/adr/049-tax-by-destination.md): checked for the destination
   * country; where that country's rate allows, the order is reverse-charged. Empty: none.
   */
  vat_number: z
    .string({ error: 'VAT number must be text' })
    .max(20, stopAt('A VAT number has at most 20 characters'))
    .optional(),
  discount_code: z.string().trim().max(40, 'Discount code must be at most 40 characters').optional(),
  /**
   * The currency the shopper pays in (ISO 4217; docs/adr/050-currencies.md): the base or one the shop
   * offers. Left out: the one of the shipping country, else the base.
   */
  currency: z
    .string({ error: CURRENCY_MESSAGE })
    .max(8, stopAt(CURRENCY_MESSAGE))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, CURRENCY_MESSAGE)
    .optional(),
});
export type CheckoutBase = z.infer<typeof checkoutBase>;

/**
 * A quote may leave the method out, or name one the address does not offer: it is then priced with
 * the first method offered, and says which (`shipping_method`) among `shipping_options`.
 */
export const quoteBody = checkoutBase.extend({ shipping_method: methodCode('Choose a shipping method').optional() });
export type QuoteBody = z.infer<typeof quoteBody>;
/** POST /api/orders requires an Idempotency-Key (docs/architecture.md §5): a retried order is never placed twice. */
export const placeOrderHeaders = z.looseObject({
  'idempotency-key': z.string({ error: 'The Idempotency-Key header is required' }).pipe(idempotencyKey),
});
export const placeOrderBody = checkoutBase.extend({ payment: paymentInput });
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

/** One method checkout offers for an address and cart, with its price (a quote's `shipping_options`). */
export const shippingOption = z.object({
  code: z.string(),
  name: z.string(),
  /** The delivery time as the owner wrote it ("2–4 business days"); empty: none given. */
  estimate: z.string(),
  price: z.number(),
});
export type ShippingOption = z.infer<typeof shippingOption>;

/** One option of the variant sold, as the product named it (`line-options.ts`). */
export const lineOption = z.object({ name: z.string(), value: z.string() });

export const quoteLine = z.object({
  product_id: z.string(),
  /** null on an order line sold before variants existed whose variant could not be told. */
  variant_id: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  unit_price: z.number(),
  quantity: z.number().int(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  /** Every option of the variant, in the product's order: frozen on an order's line when it is placed. */
  options: z.array(lineOption),
  line_total: z.number(),
});

export const totals = z.object({
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
});

/** One rate an order is taxed at, as receipts print it: "VAT 19%" on 84.03, 15.97. */
export const taxLine = z.object({ name: z.string(), rate: z.number(), taxable: z.number(), amount: z.number() });

/**
 * How a quote and an order show their tax: `tax_included` — the prices held it ("incl. VAT"), the total
 * does not add it; the tax per rate; and whether a business buyer's VAT was reverse-charged.
 */
const taxShown = {
  /** The currency of every amount, with its minor-unit digits (JPY 0, USD 2). */
  currency: z.object({ code: z.string(), digits: z.number().int() }),
  tax_included: z.boolean(),
  tax_lines: z.array(taxLine),
  reverse_charge: z.boolean(),
};

export const quote = z.object({
  lines: z.array(quoteLine),
  totals,
  discount_code: z.string().nullable(),
  /** The method priced: the one asked for when the address offers it, else the first offered. */
  shipping_method: z.string(),
  /** Every method the address and cart can use, in the zone's order, each at its price for this order. */
  shipping_options: z.array(shippingOption),
  /** The standard rate at the destination, in percent. */
  tax_rate: z.number(),
  ...taxShown,
});
export type Quote = z.infer<typeof quote>;

/** 409 details when prices or stock moved since the cart was filled. */
export const changedLine = z.object({
  product_id: z.string(),
  variant_id: z.string().nullable(),
  name: z.string(),
  reason: z.enum(['price_changed', 'insufficient_stock', 'unavailable']),
  expected_price: z.number().nullable(),
  current_price: z.number().nullable(),
  requested: z.number().int(),
  available: z.number().int(),
});

export const ORDER_STATUSES = [
  'awaiting_payment',
  'placed',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;

export const orderEvent = z.object({ status: orderStatus, note: z.string().nullable(), at: z.string() });

export const payment = z.object({
  method: z.enum(['card', 'pay_later']),
  /** `cancelled`: the order was cancelled before the payment completed (unpaid card, pay-later). */
  status: z.enum([
    'requires_action',
    'succeeded',
    'declined',
    'pending',
    'refunded',
    'partially_refunded',
    'cancelled',
  ]),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  /**
   * Present while a card waits for the shopper: `confirm` is the demo provider's extra step (approve or
   * refuse with the token); `stripe` is a Stripe PaymentIntent the browser confirms with Stripe.js
   * (3-D Secure included), then reports back with `POST /api/orders/:id/sync-payment`.
   */
  next_action: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('confirm'), token: z.string() }),
      z.object({ type: z.literal('stripe'), client_secret: z.string() }),
    ])
    .nullable(),
  /** Why the last card attempt failed, in the provider's words, while the shopper may try again (Stripe). */
  failure_message: z.string().nullable(),
});

export const invoice = z.object({
  number: z.string(),
  issued_at: z.string(),
  due_at: z.string(),
  paid_at: z.string().nullable(),
  amount: z.number(),
  status: z.enum(['open', 'overdue', 'paid', 'void']),
  /**
   * Where the invoice downloads as PDF without signing in — a path on the shop's address
   * with a signed token, valid 90 days (guests cannot read their order back). In the shopper's own
   * answers; null in staff answers (staff use GET /api/admin/orders/:id/invoice.pdf).
   */
  pdf_url: z.string().nullable(),
});

export const order = z.object({
  id: z.string(),
  number: z.string(),
  status: orderStatus,
  email: z.string(),
  lines: z.array(quoteLine),
  totals,
  discount_code: z.string().nullable(),
  shipping_method: z.string(),
  /** The method's name when the order was placed ("Express shipping"). */
  shipping_method_name: z.string(),
  ...taxShown,
  vat_number: z.string().nullable(),
  shipping_address: storedAddress,
  billing_address: storedAddress.nullable(),
  payment,
  invoice: invoice.nullable(),
  tracking_number: z.string().nullable(),
  /**
   * A guest's unpaid pay-later order is cancelled at this time and its items go back on sale;
   * null for every other order, and once the order is paid or no longer waiting.
   */
  pay_by: z.string().nullable(),
  events: z.array(orderEvent),
  can_cancel: z.boolean(),
  created_at: z.string(),
});
export type Order = z.infer<typeof order>;

export const orderSummary = order
  .pick({ id: true, number: true, status: true, totals: true, currency: true, created_at: true })
  .extend({
    item_count: z.number().int(),
  });
export const orderList = paged(orderSummary);

export const confirmPaymentBody = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200),
  /** The shopper approves (true) or refuses (false) the payment in the confirmation step. */
  approve: z.boolean({ error: 'approve must be true or false' }),
});

/** POST /api/orders/:id/sync-payment: the PaymentIntent's client secret from `next_action` is the proof. */
export const syncPaymentBody = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(300),
});

export const orderIdParam = z.object({ id: z.string().max(200, 'id must be at most 200 characters') });

/** Store settings that pricing reads (edited in the admin area). */
export const storeSettings = z.object({
  store_name: z.string(),
  /** The base currency (ISO 4217). */
  currency: z.string(),
  /** The base currency and the ones shoppers may pay in (contracts `currency.ts`): the storefront converts shelf prices with them. */
  currencies: z.object({
    base: z.object({ code: z.string(), digits: z.number() }),
    presentment: z.array(
      z.object({
        code: z.string(),
        digits: z.number(),
        rate: z.number(),
        rounding: z.enum(ROUNDINGS),
        countries: z.array(z.string()),
      }),
    ),
  }),
  tax_rate_percent: z.number().min(0).max(50),
  pay_later_days: z.number().int().min(1).max(120),
  /** Guests' pay-later orders are cancelled when unpaid this many hours after placing. */
  guest_hold_hours: z.number().int().min(1).max(720),
  /**
   * How cards are taken. `stripe`: Stripe's Payment Element with this publishable key;
   * `demo`: the built-in test provider ("Demo mode — no real payment"); null: no card payments (a
   * production start without a provider), pay later only.
   */
  payments: z.object({
    card: z.enum(['stripe', 'demo']).nullable(),
    stripe_publishable_key: z.string().nullable(),
    /** Pay later (an invoice paid by bank transfer) is offered once the store has saved its bank details. */
    pay_later: z.boolean(),
  }),
});
export type StoreSettings = z.infer<typeof storeSettings>;
