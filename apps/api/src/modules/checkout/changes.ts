import { fromCents } from '@shop/contracts/money';
import type { changedLine } from '@shop/contracts/orders';
import type { z } from 'zod';
import { type Failure, fail } from '../../lib/result.ts';
import { aggregate } from '../stock/index.ts';
import { CHECKOUT_MSG } from './rules.ts';
import type { RequestedLine, ResolvedCheckout } from './types.ts';

export type ChangedLine = z.infer<typeof changedLine>;

/** The checkout's 409: what moved since the shopper looked (prices, stock), with the new figures. */
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

/** Whether a price moved among the changes (the signed-in cart is repriced then). */
export function hasPriceChange(lines: ChangedLine[]): boolean {
  return lines.some((l) => l.reason === 'price_changed');
}

/** A line's variant as read with its product; undefined when either is unknown or gone. */
export function variantOf(r: Pick<ResolvedCheckout, 'products'>, line: Pick<RequestedLine, 'productId' | 'variantId'>) {
  return r.products.get(line.productId)?.variants.find((v) => v.id === line.variantId);
}

/** The lines that name their variant (all but a guest's lines of products not for sale), typed so. */
export function linesWithVariant<L extends RequestedLine>(lines: readonly L[]): (L & { variantId: string })[] {
  return lines.flatMap((l) => (l.variantId === null ? [] : [{ ...l, variantId: l.variantId }]));
}

/**
 * Lines that cannot be bought now, per variant: an unknown or unpublished product, a variant that is
 * gone, or more than the variant's stock.
 */
export function availabilityProblems(r: ResolvedCheckout): ChangedLine[] {
  const problems: ChangedLine[] = [];
  const unchosen = r.lines.filter((l) => l.variantId === null);
  for (const line of [...unchosen, ...aggregate(linesWithVariant(r.lines))]) {
    const { productId, variantId, quantity: requested } = line;
    const p = r.products.get(productId);
    const v = variantOf(r, line);
    const name = p?.name ?? null;
    if (!p?.published || !v) {
      problems.push(
        changed({
          productId,
          variantId,
          name,
          reason: 'unavailable',
          currentCents: v?.priceCents ?? null,
          requested,
          available: 0,
        }),
      );
    } else if (v.available < requested) {
      problems.push(
        changed({
          productId,
          variantId,
          name,
          reason: 'insufficient_stock',
          currentCents: v.priceCents,
          requested,
          available: v.available,
        }),
      );
    }
  }
  return problems;
}

/** One line of the 409 (contracts `changedLine`): what moved for this variant, with the new figures. */
export function changed(c: {
  productId: string;
  variantId: string | null;
  name: string | null;
  reason: ChangedLine['reason'];
  expectedCents?: number | null;
  currentCents: number | null;
  requested: number;
  available: number;
}): ChangedLine {
  const expected = c.expectedCents ?? null;
  return {
    product_id: c.productId,
    variant_id: c.variantId,
    name: c.name ?? 'Unknown product',
    reason: c.reason,
    expected_price: expected === null ? null : fromCents(expected),
    current_price: c.currentCents === null ? null : fromCents(c.currentCents),
    requested: c.requested,
    available: c.available,
  };
}
