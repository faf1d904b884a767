import type { AdminDiscount, DiscountCreateBody } from '@shop/contracts/admin-discounts';
import { fromCents, toCents } from '@shop/contracts/money';
import type { DiscountCode } from '../discounts/index.ts';

/** The wire form: percent as is, fixed amounts and the minimum subtotal in dollars. */
export function discountToWire(row: DiscountCode): AdminDiscount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? row.value : fromCents(row.value),
    min_subtotal: fromCents(row.minSubtotalCents),
    starts_at: row.startsAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    usage_limit: row.usageLimit,
    used_count: row.usedCount,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

/** Wire → row values: exactly the columns checkout reads (modules/discounts/rules.ts). */
export function toRow(v: DiscountCreateBody) {
  return {
    code: v.code,
    kind: v.kind,
    value: v.kind === 'percent' ? v.value : toCents(v.value),
    minSubtotalCents: toCents(v.min_subtotal),
    startsAt: v.starts_at ? new Date(v.starts_at) : null,
    expiresAt: v.expires_at ? new Date(v.expires_at) : null,
    usageLimit: v.usage_limit,
    active: v.active,
  };
}
