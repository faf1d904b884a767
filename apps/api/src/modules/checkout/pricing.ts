import { shippingCharge } from '@shop/contracts/shipping';
import { ok, type Result } from '../../lib/result.ts';
import { checkDiscount, type DiscountCode, type DiscountFailure, type DiscountRule } from '../discounts/index.ts';
import type { PricedLine, ResolvedCheckout } from './types.ts';

/**
 * Order pricing (docs/architecture.md §6): one pure function over integer cents, used by the quote and by
 * the order, so the shopper is charged exactly what the quote showed for the same inputs.
 *
 *   subtotal = Σ unit price × quantity
 *   discount = percent of the subtotal (rounded half up) or a fixed amount; never above the subtotal;
 *              0 below the code's minimum subtotal
 *   shipping = the method's price; 0 when (subtotal − discount) reaches its free-over threshold
 *   tax      = rate × (subtotal − discount + shipping), rounded half up to the cent. The base is what
 *              the shopper pays before tax: discounts lower it, and shipping is taxed (as most US
 *              states that tax goods do when shipping is part of the sale)
 *   total    = subtotal − discount + shipping + tax  (never negative: every part is ≥ 0 and the
 *              discount never exceeds the subtotal)
 */
export interface PricingInput {
  lines: { unitPriceCents: number; quantity: number }[];
  discount: DiscountRule | null;
  shipping: { priceCents: number; freeOverCents: number | null };
  /** 825 = 8.25 % */
  taxRateBasisPoints: number;
}

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** a × b / d rounded half up, for non-negative integers. */
function mulDivRound(a: number, b: number, d: number): number {
  const exact = a * b;
  if (!Number.isSafeInteger(exact)) throw new RangeError('amount too large to price exactly');
  return Math.floor((exact + Math.floor(d / 2)) / d);
}

function assertCents(name: string, v: number) {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative whole number of cents`);
}

export function discountCents(rule: DiscountRule | null, subtotalCents: number): number {
  if (!rule || subtotalCents < rule.minSubtotalCents) return 0;
  const off = rule.kind === 'percent' ? mulDivRound(subtotalCents, Math.min(rule.value, 100), 100) : rule.value;
  return Math.min(off, subtotalCents);
}

export function priceOrder(input: PricingInput): Totals {
  let subtotalCents = 0;
  for (const line of input.lines) {
    assertCents('unit price', line.unitPriceCents);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError('quantity must be ≥ 1');
    subtotalCents += line.unitPriceCents * line.quantity;
  }
  assertCents('subtotal', subtotalCents);
  assertCents('shipping', input.shipping.priceCents);
  assertCents('tax rate', input.taxRateBasisPoints);

  const discount = discountCents(input.discount, subtotalCents);
  const afterDiscount = subtotalCents - discount;
  const shippingCents = shippingCharge(input.shipping, { subtotalCents, discountCents: discount });
  const taxCents = mulDivRound(afterDiscount + shippingCents, input.taxRateBasisPoints, 10_000);
  return {
    subtotalCents,
    discountCents: discount,
    shippingCents,
    taxCents,
    totalCents: afterDiscount + shippingCents + taxCents,
  };
}

/**
 * Totals for priced lines. `code` undefined = a code was given but does not exist; null = no code. The
 * code's rules are checked against the subtotal here (`discount_unusable`, with the shopper's message).
 */
export function priceWith(
  r: Pick<ResolvedCheckout, 'shipping' | 'settings'>,
  lines: PricedLine[],
  code: DiscountCode | null | undefined,
  now: Date,
): Result<Totals, DiscountFailure> {
  const subtotal = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  if (code !== null) {
    const unusable = checkDiscount(code, subtotal, now);
    if (unusable) return unusable;
  }
  return ok(
    priceOrder({
      lines,
      discount: code ? { kind: code.kind, value: code.value, minSubtotalCents: code.minSubtotalCents } : null,
      shipping: { priceCents: r.shipping.priceCents, freeOverCents: r.shipping.freeOverCents },
      taxRateBasisPoints: r.settings.taxRateBasisPoints,
    }),
  );
}
