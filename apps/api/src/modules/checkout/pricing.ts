import { countryName } from '@shop/contracts/countries';
import { convertMinor, type Presentment } from '@shop/contracts/currency';
import {
  type ShippingOption,
  type ShippingRule,
  shippingCharge,
  shippingOptions,
  type ZoneMethod,
  zoneInCurrency,
} from '@shop/contracts/shipping';
import { rateFor, STANDARD_CLASS, taxIncludedIn, withTax } from '@shop/contracts/tax';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { checkDiscount, type DiscountCode, type DiscountFailure, type DiscountRule } from '../discounts/index.ts';
import { type TaxProvider, tableTaxProvider } from './tax.ts';
import type { PricedLine, ResolvedCheckout } from './types.ts';

/**
 * Order pricing (docs/architecture.md §6, docs/adr/046-tax-rounding.md): one pure function over
 * integer minor units of any currency (cents, pence, yen: it never looks at the digits), used by the
 * quote and by the order, so the shopper is charged exactly what the quote showed for the same inputs.
 *
 *   subtotal = Σ unit price × quantity
 *   discount = percent of the subtotal (rounded half up) or a fixed amount; never above the subtotal;
 *              0 below the code's minimum subtotal. Spread over the lines in proportion to their
 *              subtotals; the remainders go one unit each to the largest fractional parts (ties: the
 *              earlier line), so the shares sum exactly to the discount and none exceeds its line
 *   shipping = the method's rate for the order's weight or subtotal (contracts `shippingCharge`); 0
 *              when the subtotal (after the discount, unless the method says before) reaches its
 *              free-over threshold
 *   tax      = computed and rounded half up PER LINE, on the line's amount after its discount share,
 *              and on shipping, each at its own rate, then summed (Σ taxLines = tax, to the unit):
 *                prices exclude tax: round(amount × rate / 10000)
 *                prices include tax: round(amount × rate / (10000 + rate)), the tax the amount holds
 *   total    = exclusive: subtotal − discount + shipping + tax
 *              inclusive: subtotal − discount + shipping: the shopper pays the shelf price exactly and
 *              the tax is only reported. With `taxIncluded` the total does NOT add tax; the orders
 *              table's check (total = subtotal − discount + shipping + tax) holds only for exclusive
 *              prices, so an inclusive order needs its own form of that check before it is stored.
 *   Never negative: every part is ≥ 0 and no discount share exceeds its line.
 */
export interface PricingInput {
  /** `taxRateBasisPoints`: the rate of the line's tax class at the destination, 0..10000 (825 = 8.25 %). */
  lines: { unitPriceCents: number; quantity: number; taxRateBasisPoints: number }[];
  discount: DiscountRule | null;
  /** The chosen method's rule; it must take this order (checkout offers only methods that do). */
  shipping: ShippingRule;
  /** What the order weighs, for a rate by weight. */
  weightGrams: number;
  shippingTaxRateBasisPoints: number;
  /** true: unit and shipping prices hold their tax (EU, UK); false: tax is added on top (US). */
  pricesIncludeTax: boolean;
}

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** The tax of one rate: `taxableCents` is the amount it applies to, excluding the tax itself. */
export interface TaxLine {
  rateBasisPoints: number;
  taxableCents: number;
  taxCents: number;
}

/**
 * One input line's share of the totals. `totalCents` is what the shopper pays for it: subtotal −
 * discount, plus its tax when prices exclude tax.
 */
export interface LineShare {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/** Totals with where they come from: Σ lines' totals + shipping (+ its tax when excluded) = total. */
export interface PricedOrder extends Totals {
  taxIncluded: boolean;
  /** One per distinct rate with tax or a taxable amount, by rate ascending. */
  taxLines: TaxLine[];
  /** In the order of the input lines. */
  lines: LineShare[];
  shipping: { cents: number; taxCents: number };
}

const BASIS = 10_000;

/** a × b / d rounded half up, for non-negative integers (d > 0); exact while a × b is a safe integer. */
function mulDivRound(a: number, b: number, d: number): number {
  const shifted = a * b + Math.floor(d / 2);
  if (!Number.isSafeInteger(shifted)) throw new RangeError('amount too large to price exactly');
  let q = Math.floor(shifted / d);
  const rest = shifted - q * d;
  if (rest < 0) q -= 1;
  else if (rest >= d) q += 1;
  return q;
}

function assertCents(name: string, v: number) {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative whole number of cents`);
}

function assertRate(name: string, v: number) {
  if (!Number.isSafeInteger(v) || v < 0 || v > BASIS) {
    throw new RangeError(`${name} must be a whole number of basis points from 0 to ${BASIS}`);
  }
}

export function discountCents(rule: DiscountRule | null, subtotalCents: number): number {
  if (!rule || subtotalCents < rule.minSubtotalCents) return 0;
  const off = rule.kind === 'percent' ? mulDivRound(subtotalCents, Math.min(rule.value, 100), 100) : rule.value;
  return Math.min(off, subtotalCents);
}

/**
 * `total` split in proportion to `weights` (largest remainder): each share is its exact part rounded
 * down, and the units left go one each to the largest fractional parts, the earlier index first on a
 * tie. The shares sum to `total`; with total ≤ Σ weights none exceeds its weight. BigInt, as
 * total × weight can pass 2^53 for large orders.
 */
export function spreadByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (total === 0 || sum === 0) return weights.map(() => 0);
  const whole = BigInt(sum);
  const parts = weights.map((w, index) => {
    const exact = BigInt(total) * BigInt(w);
    return { index, share: Number(exact / whole), remainder: exact % whole };
  });
  let left = total - parts.reduce((s, p) => s + p.share, 0);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const p of byRemainder) {
    if (left === 0) break;
    p.share += 1;
    left -= 1;
  }
  return parts.map((p) => p.share);
}

/** The tax an amount owes (exclusive) or holds (inclusive) at a rate, rounded half up. */
function taxOf(amountCents: number, rateBasisPoints: number, inclusive: boolean): number {
  return mulDivRound(amountCents, rateBasisPoints, inclusive ? BASIS + rateBasisPoints : BASIS);
}

/** Σ per rate, by rate ascending; a rate with neither tax nor a taxable amount is left out. */
function taxLinesOf(parts: { rate: number; amountCents: number; taxCents: number }[], inclusive: boolean): TaxLine[] {
  const byRate = new Map<number, TaxLine>();
  for (const p of parts) {
    const line = byRate.get(p.rate) ?? { rateBasisPoints: p.rate, taxableCents: 0, taxCents: 0 };
    line.taxableCents += inclusive ? p.amountCents - p.taxCents : p.amountCents;
    line.taxCents += p.taxCents;
    byRate.set(p.rate, line);
  }
  return [...byRate.values()]
    .filter((l) => l.taxCents > 0 || l.taxableCents > 0)
    .sort((a, b) => a.rateBasisPoints - b.rateBasisPoints);
}

export function priceOrder(input: PricingInput): PricedOrder {
  const subtotals = input.lines.map((line) => {
    assertCents('unit price', line.unitPriceCents);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError('quantity must be ≥ 1');
    assertRate('tax rate', line.taxRateBasisPoints);
    const subtotal = line.unitPriceCents * line.quantity;
    assertCents('line subtotal', subtotal);
    return subtotal;
  });
  const subtotalCents = subtotals.reduce((s, v) => s + v, 0);
  assertCents('subtotal', subtotalCents);
  assertCents('weight', input.weightGrams);
  assertRate('shipping tax rate', input.shippingTaxRateBasisPoints);
  const inclusive = input.pricesIncludeTax;

  const discount = discountCents(input.discount, subtotalCents);
  const discountShares = spreadByWeight(discount, subtotals);
  const shippingCents = shippingCharge(input.shipping, {
    subtotalCents,
    discountCents: discount,
    weightGrams: input.weightGrams,
  });
  if (shippingCents === null) throw new RangeError('the shipping method cannot take this order');
  assertCents('shipping', shippingCents);

  const lines = input.lines.map((line, i): LineShare => {
    const subtotal = subtotals[i] ?? 0;
    const lineDiscount = discountShares[i] ?? 0;
    const amount = subtotal - lineDiscount;
    const taxCents = taxOf(amount, line.taxRateBasisPoints, inclusive);
    return {
      subtotalCents: subtotal,
      discountCents: lineDiscount,
      taxCents,
      totalCents: inclusive ? amount : amount + taxCents,
    };
  });
  const shippingTax = taxOf(shippingCents, input.shippingTaxRateBasisPoints, inclusive);
  const taxCents = lines.reduce((s, l) => s + l.taxCents, shippingTax);
  const taxLines = taxLinesOf(
    [
      ...lines.map((l, i) => ({
        rate: input.lines[i]?.taxRateBasisPoints ?? 0,
        amountCents: l.subtotalCents - l.discountCents,
        taxCents: l.taxCents,
      })),
      { rate: input.shippingTaxRateBasisPoints, amountCents: shippingCents, taxCents: shippingTax },
    ],
    inclusive,
  );
  const beforeTax = subtotalCents - discount + shippingCents;
  const totalCents = inclusive ? beforeTax : beforeTax + taxCents;
  assertCents('total', totalCents);
  return {
    subtotalCents,
    discountCents: discount,
    shippingCents,
    taxCents,
    totalCents,
    taxIncluded: inclusive,
    taxLines,
    lines,
    shipping: { cents: shippingCents, taxCents: shippingTax },
  };
}

/** The five figures quotes, orders and the orders table carry, without the breakdown. */
export function totalsOf(p: Totals): Totals {
  return {
    subtotalCents: p.subtotalCents,
    discountCents: p.discountCents,
    shippingCents: p.shippingCents,
    taxCents: p.taxCents,
    totalCents: p.totalCents,
  };
}

/**
 * What refunding these lines gives back: their totals (their tax included, whatever the mode) and,
 * `withShipping`, the shipping with its tax when that was added on top. Every line with shipping is
 * exactly `totalCents`; refunds of disjoint sets of lines add up. An index out of range or given
 * twice is a programming error (RangeError), not a refund of nothing or of a line twice.
 */
export function refundOfLines(
  priced: PricedOrder,
  lineIndexes: readonly number[],
  options: { withShipping: boolean },
): number {
  const seen = new Set<number>();
  let refund = 0;
  for (const i of lineIndexes) {
    const line = priced.lines[i];
    if (!Number.isSafeInteger(i) || line === undefined) throw new RangeError(`no line ${i} on this order`);
    if (seen.has(i)) throw new RangeError(`line ${i} given twice`);
    seen.add(i);
    refund += line.totalCents;
  }
  if (options.withShipping) {
    refund += priced.shipping.cents + (priced.taxIncluded ? 0 : priced.shipping.taxCents);
  }
  return refund;
}

/** The variant a priced line buys, for what it weighs and the class it is taxed in. */
const variantOfLine = (r: Pick<ResolvedCheckout, 'products'>, l: PricedLine) =>
  r.products.get(l.productId)?.variants.find((v) => v.id === l.variantId);

/** A checkout priced: its totals, the method they ship by, and every method the order could use. */
export interface PricedCheckout {
  /** The lines at the prices charged: in `currency`. */
  lines: PricedLine[];
  /** What every amount here is in. */
  currency: Presentment;
  totals: Totals;
  /** Where the totals come from, line by line (what a refund of some lines gives back). */
  breakdown: PricedOrder;
  method: ZoneMethod;
  options: ShippingOption[];
  /** Whether the amounts hold their tax, the tax per rate as receipts name it, and whether it was reverse-charged. */
  taxIncluded: boolean;
  taxLines: (TaxLine & { name: string; zone: string })[];
  reverseCharge: boolean;
  /** The standard class's rate at the destination (what a shop with one rate shows as "Tax (8%)"). */
  standardRateBasisPoints: number;
}

/** Why a priced checkout cannot ship: no method of its zone takes the order, or the one asked for does not. */
export type ShippingFailure =
  | Failure<'not_shippable', { message: string; country: string }>
  | Failure<'unknown_shipping_method', { message: string; options: string[] }>;

/**
 * Totals for priced lines, with the methods of the destination's zone that take the order, taxed at the
 * destination's rates (`provider`). `code` undefined = a code was given but does not exist; null = no
 * code. The code's rules are checked against the subtotal here (`discount_unusable`, with the shopper's
 * message). `strict` (an order): the method asked for must be offered; otherwise (a quote) one not
 * offered is replaced by the first offered.
 */
export function priceWith(
  r: Pick<
    ResolvedCheckout,
    'zone' | 'shippingMethod' | 'destination' | 'vatNumber' | 'settings' | 'products' | 'presentment'
  >,
  baseLines: PricedLine[],
  baseCode: DiscountCode | null | undefined,
  now: Date,
  strict: boolean,
  provider: TaxProvider = tableTaxProvider,
): Result<PricedCheckout, DiscountFailure | ShippingFailure> {
  const { tax } = r.settings;
  const rates = provider.rates({
    tax,
    zone: r.zone,
    destination: r.destination,
    lines: baseLines.map((l) => ({ taxClass: variantOfLine(r, l)?.taxClass ?? STANDARD_CLASS })),
    vatNumber: r.vatNumber,
  });
  // Where the zone shows prices with tax that the owner entered without it, each price charged is the
  // shelf price shown there: the entered price with the destination's tax on it (docs/adr/050-currencies.md).
  const grossUp = !tax.pricesIncludeTax && taxIncludedIn(tax, r.zone.id);
  const gross = (minor: number, rate: number) => (grossUp ? withTax(minor, rate) : minor);
  // Everything below is in the shopper's currency: shelf prices by the currency's rounding, the
  // code's and the zone's other amounts to the smallest unit (docs/adr/050-currencies.md).
  const { presentment: currency } = r;
  const base = r.settings.currencies.base;
  const convert = (minor: number) => convertMinor(minor, base, currency);
  const lines = baseLines.map((l, i) => ({
    ...l,
    unitPriceCents: convertMinor(gross(l.unitPriceCents, rates.lineRates[i] ?? 0), base, currency, true),
  }));
  const code =
    baseCode && currency.converted
      ? {
          ...baseCode,
          value: baseCode.kind === 'fixed' ? convert(baseCode.value) : baseCode.value,
          minSubtotalCents: convert(baseCode.minSubtotalCents),
        }
      : baseCode;
  const zone =
    currency.converted || grossUp
      ? zoneInCurrency(r.zone, (price) => convert(gross(price, rates.shippingRate)), convert)
      : r.zone;
  const subtotal = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  if (code !== null) {
    const unusable = checkDiscount(code, subtotal, now, currency);
    if (unusable) return unusable;
  }
  const discount: DiscountRule | null = code
    ? { kind: code.kind, value: code.value, minSubtotalCents: code.minSubtotalCents }
    : null;
  const weightGrams = lines.reduce((g, l) => g + (variantOfLine(r, l)?.weightGrams ?? 0) * l.quantity, 0);
  const options = shippingOptions(zone, {
    subtotalCents: subtotal,
    discountCents: discountCents(discount, subtotal),
    weightGrams,
  });
  const [first] = options;
  const country = r.destination.country;
  if (!first) {
    return fail('not_shippable', {
      message: `We cannot ship this order to ${countryName(country)}: none of our delivery options takes it. Remove some items or contact us.`,
      country,
    });
  }
  const asked = options.find((o) => o.method.code === r.shippingMethod);
  if (!asked && strict) {
    return fail('unknown_shipping_method', {
      message: `That delivery option is not available for this address and order: choose one of ${options.map((o) => o.method.name).join(', ')}`,
      options: options.map((o) => o.method.code),
    });
  }
  const chosen = asked ?? first;
  const priced = priceOrder({
    lines: lines.map((l, i) => ({
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      taxRateBasisPoints: rates.lineRates[i] ?? 0,
    })),
    discount,
    shipping: chosen.method,
    weightGrams,
    shippingTaxRateBasisPoints: rates.shippingRate,
    pricesIncludeTax: taxIncludedIn(tax, r.zone.id),
  });
  return ok({
    lines,
    currency,
    totals: totalsOf(priced),
    breakdown: priced,
    method: chosen.method,
    options,
    taxIncluded: priced.taxIncluded,
    taxLines: priced.taxLines.map((l) => ({ ...l, name: tax.zoneNames?.[zone.id] ?? tax.name, zone: zone.name })),
    reverseCharge: rates.reverseCharge,
    standardRateBasisPoints: rateFor(tax, r.zone.id, STANDARD_CLASS, r.destination).rateBasisPoints,
  });
}
