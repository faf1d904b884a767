import { fromCents } from '@shop/contracts/money';
import type { changedLine } from '@shop/contracts/orders';
import type { z } from 'zod';
import { type Failure, fail } from '../../lib/result.ts';
import { aggregate } from '../stock/index.ts';
import { CHECKOUT_MSG } from './rules.ts';
import type { ResolvedCheckout } from './types.ts';

export type ChangedLine = z.infer<typeof changedLine>;

/** The 409 of issue 4: what moved since the shopper looked (prices, stock), with the new figures. */
export type LinesChanged = Failure<'lines_changed', { lines: ChangedLine[] }>;

export const linesChanged = (lines: ChangedLine[]): LinesChanged => fail('lines_changed', { lines });

/** The shopper's sentence for what moved: prices only, stock only, or both. */
export function changedMessage(lines: ChangedLine[]): string {
  const reasons = new Set(lines.map((l) => l.reason));
  return reasons.size === 1 && reasons.has('price_changed')
    ? CHECKOUT_MSG.pricesChanged
    : reasons.has('price_changed')
      ? CHECKOUT_MSG.changed
      : CHECKOUT_MSG.stockChanged;
}

/** Whether a price moved among the changes (the signed-in cart is repriced then, issue 4). */
export function hasPriceChange(lines: ChangedLine[]): boolean {
  return lines.some((l) => l.reason === 'price_changed');
}

/** Lines that cannot be bought now (unknown/unpublished product, or more than the stock), per product. */
export function availabilityProblems(r: ResolvedCheckout): ChangedLine[] {
  const problems: ChangedLine[] = [];
  for (const { productId, quantity } of aggregate(r.lines)) {
    const p = r.products.get(productId);
    if (!p?.published) {
      problems.push(changed(productId, p?.name ?? null, 'unavailable', null, p?.priceCents ?? null, quantity, 0));
    } else if (p.available < quantity) {
      problems.push(changed(productId, p.name, 'insufficient_stock', null, p.priceCents, quantity, p.available));
    }
  }
  return problems;
}

export function changed(
  productId: string,
  name: string | null,
  reason: ChangedLine['reason'],
  expectedCents: number | null,
  currentCents: number | null,
  requested: number,
  available: number,
): ChangedLine {
  return {
    product_id: productId,
    name: name ?? 'Unknown product',
    reason,
    expected_price: expectedCents === null ? null : fromCents(expectedCents),
    current_price: currentCents === null ? null : fromCents(currentCents),
    requested,
    available,
  };
}
