import { email } from '@shop/contracts/auth';
import { type CardCheck, type CardIssue, checkCard } from '@shop/contracts/cards';
import {
  type Address,
  address,
  type CheckoutBase,
  checkoutBase,
  methodCode,
  type PlaceOrderBody,
  type QuoteBody,
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

export type PaymentMethod = 'card' | 'pay_later';
/**
 * Who takes cards. `demo`: the built-in test provider, the card typed into our fields and
 * checked here; `stripe`: Stripe's Payment Element (its fields, its checks); null: no card payments.
 */
export type CardProvider = 'stripe' | 'demo' | null;

/** Everything the checkout form holds (the order body is built from it, see `orderBody`). */
export interface CheckoutValues {
  email: string;
  shipping: AddressValues;
  billing_same: boolean;
  billing: AddressValues;
  /** The code of the method chosen among the quote's options; empty until a quote has offered some. */
  shipping_method: string;
  /** A business buyer's VAT number (docs/adr/049-tax-by-destination.md); empty: none. */
  vat_number: string;
  payment_method: PaymentMethod;
  /** The demo provider's card fields. The number and CVC never leave the browser (see `paymentBody`). */
  card: { number: string; expiry: string; cvc: string; name: string };
}

/**
 * Who checks out, which saved address they picked (null: a new address typed into the form), who takes
 * cards, and whether pay later is offered (the store has saved its bank details).
 */
export interface CheckoutContext {
  guest: boolean;
  savedAddress: Address | null;
  cardProvider: CardProvider;
  payLater: boolean;
  /**
   * The currency the shopper chose in the header (docs/adr/050-currencies.md); none: the shipping
   * country's, else the base — the API decides.
   */
  currency?: string | undefined;
}

/** The bodies' currency: the one chosen, else left out. */
const currencyOf = (ctx: CheckoutContext) => (ctx.currency ? { currency: ctx.currency } : {});

/** The ways to pay this shop offers: a card when a provider takes them, pay later when offered. */
export function paymentMethods(ctx: Pick<CheckoutContext, 'cardProvider' | 'payLater'>): PaymentMethod[] {
  return [...(ctx.cardProvider ? (['card'] as const) : []), ...(ctx.payLater ? (['pay_later'] as const) : [])];
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

export function defaultCheckoutValues(cardProvider: CardProvider = 'demo'): CheckoutValues {
  // A card when a provider takes them, else pay later (a shop with neither takes no order at all).
  return {
    email: '',
    shipping: emptyAddress(),
    billing_same: true,
    billing: emptyAddress(),
    shipping_method: '',
    vat_number: '',
    payment_method: cardProvider ? 'card' : 'pay_later',
    card: { number: '', expiry: '', cvc: '', name: '' },
  };
}

/**
 * The demo card as typed, checked in the browser by the contracts' card rules (number with
 * Luhn, security code for the brand, expiry by `now`, name): what passes becomes brand + last 4.
 */
export function checkTypedCard(card: CheckoutValues['card'], now: Date): CardCheck {
  const expiry = parseExpiry(card.expiry, now);
  // An expiry that does not read as a date has its own message; the other fields are still checked
  // (with this month standing in, which is never expired).
  const month = expiry.ok ? expiry.month : now.getUTCMonth() + 1;
  const year = expiry.ok ? expiry.year : now.getUTCFullYear();
  const checked = checkCard(
    { number: card.number, cvc: card.cvc, exp_month: month, exp_year: year, name: card.name },
    now,
  );
  if (expiry.ok) return checked;
  const others: CardIssue[] = checked.ok ? [] : checked.issues.filter((i) => i.field !== 'expiry');
  return { ok: false, issues: [...others, { field: 'expiry', message: expiry.message }] };
}

function cardForm(now: Date) {
  return z
    .object({ number: z.string(), expiry: z.string(), cvc: z.string(), name: z.string() })
    .superRefine((card, ctx) => {
      const checked = checkTypedCard(card, now);
      if (checked.ok) return;
      for (const issue of checked.issues) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    });
}

/**
 * The schema that checks the form as it is now, from the contracts: only the parts that
 * will be sent are checked — the e-mail for guests, the typed address unless a saved one is picked,
 * the billing address unless it is the shipping one, the demo card when paying by card in demo mode
 * (Stripe's Payment Element checks its own fields), and a card only when a provider takes cards.
 */
export function checkoutFormSchema(
  ctx: CheckoutContext,
  values: Pick<CheckoutValues, 'billing_same' | 'payment_method'>,
  now = new Date(),
) {
  const methods = paymentMethods(ctx);
  return z.object({
    ...(ctx.guest ? { email } : {}),
    ...(ctx.savedAddress ? {} : { shipping: address }),
    ...(values.billing_same ? {} : { billing: address }),
    shipping_method: methodCode('Choose a shipping method'),
    vat_number: checkoutBase.shape.vat_number,
    payment_method: z
      .enum(['card', 'pay_later'], { error: 'Choose how to pay' })
      .refine((m) => methods.includes(m), 'Choose how to pay'),
    ...(values.payment_method === 'card' && ctx.cardProvider === 'demo' ? { card: cardForm(now) } : {}),
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
    // The variant the line buys; a line that does not know it lets its colour and size pick it.
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
    ...vatNumberOf(values),
    ...(discountCode ? { discount_code: discountCode } : {}),
    ...currencyOf(ctx),
  };
}

/** The VAT number as the bodies take it: trimmed, and left out when empty. */
function vatNumberOf(values: Pick<CheckoutValues, 'vat_number'>): Pick<CheckoutBase, 'vat_number'> {
  const vat = values.vat_number.trim();
  return vat ? { vat_number: vat } : {};
}

/**
 * The address the order ships to as far as the form knows it: the saved one picked, else the typed one
 * once it is complete and valid, else null (what shipping costs is not known yet).
 */
export function knownShippingAddress(values: CheckoutValues, ctx: CheckoutContext): Address | null {
  return ctx.savedAddress ?? completeAddress(values.shipping);
}

/**
 * Stand-ins for the quote while the shopper has not typed an e-mail or a complete address yet. Prices
 * and discounts do not depend on either, so the summary shows the lines at once; shipping and tax do
 * (docs/adr/048-shipping-zones.md, docs/adr/049-tax-by-destination.md), so the shipping methods are
 * shown only once the quote is for the real address. The order itself always carries what the shopper typed.
 */
export const QUOTE_PLACEHOLDER_EMAIL = 'quote@example.invalid';
export const QUOTE_PLACEHOLDER_ADDRESS: Address = {
  name: 'Quote',
  line1: 'Quote',
  city: 'Quote',
  region: 'TX',
  postal_code: '78701',
  country: 'US',
};

/**
 * The body of POST /api/checkout/quote for the form as it is now (see the stand-ins above). No method
 * chosen yet: the quote prices the first one the address offers. The VAT number goes only with the real
 * address (it is checked for the destination country, which the stand-in is not) and only within the
 * contract's length (past it the form says so on the field).
 */
export function quoteBody(
  values: CheckoutValues,
  ctx: CheckoutContext,
  items: LocalCartItem[],
  discountCode: string | null,
): QuoteBody {
  const known = knownShippingAddress(values, ctx);
  return {
    ...(ctx.guest ? { email: QUOTE_PLACEHOLDER_EMAIL, items: guestItems(items) } : {}),
    shipping_address: known ?? QUOTE_PLACEHOLDER_ADDRESS,
    ...(values.shipping_method ? { shipping_method: values.shipping_method } : {}),
    ...(known && checkoutBase.shape.vat_number.safeParse(values.vat_number).success ? vatNumberOf(values) : {}),
    ...(discountCode ? { discount_code: discountCode } : {}),
    ...currencyOf(ctx),
  };
}

/**
 * The payment part of the order body. Demo mode: the card checked here becomes brand, last
 * 4, expiry and name — the number and the security code are never sent. Stripe: `card` alone; the card
 * goes from Stripe's Payment Element straight to Stripe.
 */
export function paymentBody(
  values: CheckoutValues,
  cardProvider: CardProvider,
  now = new Date(),
): PlaceOrderBody['payment'] {
  if (values.payment_method === 'pay_later') return { method: 'pay_later' };
  if (cardProvider === 'stripe') return { method: 'card' };
  if (cardProvider === null) throw new Error('Card payments are not available');
  const checked = checkTypedCard(values.card, now);
  if (!checked.ok) throw new Error(checked.issues[0]?.message ?? 'The card is invalid');
  return { method: 'card', card: checked.card };
}
