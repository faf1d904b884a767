import type { AdminDiscount, DiscountCreateBody } from '@shop/contracts/admin-discounts';
import { type CurrencyUnit, fromMinor, toMinor } from '@shop/contracts/currency';
import type { AmountField } from '../../lib/base-amounts.ts';
import type { DiscountCode } from '../discounts/index.ts';

/** The amounts of a discount in the base currency, with their fields: a fixed value and the minimum. */
export function discountAmounts(v: Pick<DiscountCreateBody, 'kind' | 'value' | 'min_subtotal'>): AmountField[] {
  return [
    ...(v.kind === 'fixed' ? [{ path: 'value', amount: v.value }] : []),
    { path: 'min_subtotal', amount: v.min_subtotal },
  ];
}

/** The wire form: percent as is, fixed amounts and the minimum subtotal as decimals of the base currency. */
export function discountToWire(row: DiscountCode, base: CurrencyUnit): AdminDiscount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? row.value : fromMinor(row.value, base.digits),
    min_subtotal: fromMinor(row.minSubtotalCents, base.digits),
    starts_at: row.startsAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    usage_limit: row.usageLimit,
    used_count: row.usedCount,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

/** Wire → row values: exactly the columns checkout reads (modules/discounts/rules.ts), amounts in base minor units. */
export function toRow(v: DiscountCreateBody, base: CurrencyUnit) {
  return {
    code: v.code,
    kind: v.kind,
    value: v.kind === 'percent' ? v.value : toMinor(v.value, base.digits),
    minSubtotalCents: toMinor(v.min_subtotal, base.digits),
    startsAt: v.starts_at ? new Date(v.starts_at) : null,
    expiresAt: v.expires_at ? new Date(v.expires_at) : null,
    usageLimit: v.usage_limit,
    active: v.active,
  };
}
