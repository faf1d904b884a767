import { type CurrencyUnit, fromMinor } from '@shop/contracts/currency';
import type { changedLine } from '@shop/contracts/orders';
import type { z } from 'zod';
import { type Failure, fail } from '../../lib/result.ts';
import { aggregate } from '../stock/index.ts';
import { availability } from './availability.ts';
import { CHECKOUT_MSG } from './rules.ts';
import type { RequestedLine, ResolvedCheckout } from './types.ts';

export type ChangedLine = z.infer<typeof changedLine>;

/** What a caller that does not yet say the base reads prices in: the two digits of the default base. */
const TWO_DIGITS: CurrencyUnit = { code: 'USD', digits: 2 };

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
  const unchosen = r.lines.filter((l) => l.variantId === null);
  return [...unchosen, ...aggregate(linesWithVariant(r.lines))].flatMap((line) => {
    const p = r.products.get(line.productId);
    const v = variantOf(r, line);
    const problem = shortLine(
      { productId: line.productId, variantId: line.variantId, name: p?.name ?? null, requested: line.quantity },
      { stock: p?.published && v ? v.available : null, priceCents: v?.priceCents ?? null },
      r.settings.currencies.base,
    );
    return problem ? [problem] : [];
  });
}

/**
 * The 409 line of a variant that cannot give `requested` (`availability`), with its price now and the
 * stock it has (0 when it is not for sale); undefined when it can. `stock` null: not for sale. Prices
 * are in the base currency `base` (docs/adr/050-currencies.md).
 */
export function shortLine(
  line: { productId: string; variantId: string | null; name: string | null; requested: number },
  now: { stock: number | null; priceCents: number | null },
  base: CurrencyUnit = TWO_DIGITS,
): ChangedLine | undefined {
  const reason = availability(now.stock, line.requested);
  if (reason === 'in_stock') return undefined;
  return changed({ ...line, reason, currentCents: now.priceCents, available: now.stock ?? 0 }, base);
}

/**
 * One line of the 409 (contracts `changedLine`): what moved for this variant, with the new figures as
 * decimals of the base currency `base`.
 */
export function changed(
  c: {
    productId: string;
    variantId: string | null;
    name: string | null;
    reason: ChangedLine['reason'];
    expectedCents?: number | null;
    currentCents: number | null;
    requested: number;
    available: number;
  },
  base: CurrencyUnit = TWO_DIGITS,
): ChangedLine {
  const expected = c.expectedCents ?? null;
  return {
    product_id: c.productId,
    variant_id: c.variantId,
    name: c.name ?? 'Unknown product',
    reason: c.reason,
    expected_price: expected === null ? null : fromMinor(expected, base.digits),
    current_price: c.currentCents === null ? null : fromMinor(c.currentCents, base.digits),
    requested: c.requested,
    available: c.available,
  };
}
