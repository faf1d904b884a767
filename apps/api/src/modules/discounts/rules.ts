import { type CurrencyUnit, formatMinor } from '@shop/contracts/currency';
import { type Failure, fail } from '../../lib/result.ts';

/** The parts of a discount code that decide whether it applies and how much it takes off. */
export interface DiscountRule {
  kind: 'percent' | 'fixed';
  /** Percent (1–100) or cents. */
  value: number;
  minSubtotalCents: number;
}

export interface DiscountState extends DiscountRule {
  active: boolean;
  startsAt: Date | null;
  expiresAt: Date | null;
  usageLimit: number | null;
  usedCount: number;
}

const USD: CurrencyUnit = { code: 'USD', digits: 2 };

export const DISCOUNT_MSG = {
  invalid: 'This discount code is not valid',
  expired: 'This discount code has expired',
  usedUp: 'This discount code has been used up',
  minSubtotal: (minor: number, currency: CurrencyUnit = USD) =>
    `This code needs a subtotal of at least ${formatMinor(minor, currency)}`,
} as const;

/**
 * Why a code cannot be used for this subtotal now, or null when it can. The order matters:
 * a shopper is told the most permanent reason first.
 */
export function discountProblem(
  code: DiscountState | undefined,
  subtotalCents: number,
  now: Date,
  /** The currency of the subtotal and of the code's amounts. */
  currency?: CurrencyUnit,
): string | null {
  if (!code?.active) return DISCOUNT_MSG.invalid;
  if (code.startsAt && code.startsAt.getTime() > now.getTime()) return DISCOUNT_MSG.invalid;
  if (code.expiresAt && code.expiresAt.getTime() <= now.getTime()) return DISCOUNT_MSG.expired;
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) return DISCOUNT_MSG.usedUp;
  if (subtotalCents < code.minSubtotalCents) return DISCOUNT_MSG.minSubtotal(code.minSubtotalCents, currency);
  return null;
}

/** A code that cannot be used for this order now, with the shopper's message (422 on `discount_code`). */
export type DiscountFailure = Failure<'discount_unusable', { message: string }>;

/** `discountProblem` as the failure a quote or an order answers with; undefined when the code applies. */
export function checkDiscount(
  code: DiscountState | undefined,
  subtotalCents: number,
  now: Date,
  currency?: CurrencyUnit,
): DiscountFailure | undefined {
  const message = discountProblem(code, subtotalCents, now, currency);
  return message === null ? undefined : fail('discount_unusable', { message });
}

/**
 * The part of `checkDiscount` that needs neither the subtotal nor the clock: a named code the shop does
 * not have (undefined) is refused whatever the order. Placing asks it before any stock is taken; the
 * rest is judged with the subtotal.
 */
export function checkKnown(code: DiscountState | null | undefined): DiscountFailure | undefined {
  return code === undefined ? checkDiscount(code, 0, new Date(0)) : undefined;
}
