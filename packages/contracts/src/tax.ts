/**
 * Tax by destination (docs/adr/049-tax-by-destination.md): tax classes with a default rate, rates per
 * shipping zone × class (narrowed to a country of the zone, and to a US state or Canadian province),
 * and whether shelf prices hold their tax. Pure and without zod, like `shipping.ts`; rates are basis
 * points (19 % = 1900), so a rate is an exact integer.
 */

/** A kind of goods taxed alike ("standard", "reduced", "zero", "exempt"); `rateBasisPoints` applies where no zone rate does. */
export interface TaxClass {
  code: string;
  name: string;
  rateBasisPoints: number;
}

/** The rate of one class in one zone, for the whole zone, one country of it, or one region of that country. */
export interface TaxRate {
  zoneId: string;
  classCode: string;
  country: string | null;
  region: string | null;
  rateBasisPoints: number;
  /**
   * A business buyer with a VAT number of the destination country, in another country than the shop's,
   * pays no tax at this rate: they account for it themselves (the reverse charge).
   */
  reverseCharge: boolean;
}

export interface TaxSettings {
  /** true: shelf prices hold their tax (EU, UK, AU), the shopper pays the shelf price; false: tax is added at checkout (US). */
  pricesIncludeTax: boolean;
  /**
   * Zones whose shoppers see and pay prices with their tax although the owner enters them without it (a
   * US shop's EU zone): there a shelf price is the entered one plus the destination's tax on it
   * (`withTax`), and checkout holds the tax in it (docs/adr/050-currencies.md). Ignored when
   * `pricesIncludeTax`: every price holds its tax then.
   */
  inclusiveZones: string[];
  /** What receipts call the tax: "Tax", "VAT", "Sales tax", "GST". */
  name: string;
  /** Per shipping zone id, what receipts there call the tax ("VAT" in the EU) instead of `name`. */
  zoneNames?: Record<string, string>;
  /** The shop's own country: a sale to a business elsewhere may be reverse-charged. null: not said. */
  originCountry: string | null;
  /** The class shipping is taxed at. */
  shippingClass: string;
  /** At least `standard`, which a product without a class is in. */
  classes: TaxClass[];
  rates: TaxRate[];
}

export const STANDARD_CLASS = 'standard';

/** The rate a class is taxed at in a zone, for a destination, and whether the reverse charge may zero it. */
export interface AppliedRate {
  rateBasisPoints: number;
  reverseCharge: boolean;
}

const normal = (s: string | null | undefined) => (s ?? '').trim().toUpperCase();

/**
 * The rate of `classCode` in zone `zoneId` at `to`: the closest of the zone's rates for that class — one
 * for the destination's region, else for its country, else for the whole zone — else the class's own
 * rate, else the standard class's (a class that no longer exists).
 */
export function rateFor(
  tax: TaxSettings,
  zoneId: string,
  classCode: string,
  to: { country: string; region?: string | null },
): AppliedRate {
  const country = normal(to.country);
  const region = normal(to.region);
  let best: TaxRate | undefined;
  let bestFit = -1;
  for (const rate of tax.rates) {
    if (rate.zoneId !== zoneId || rate.classCode !== classCode) continue;
    if (rate.country !== null && rate.country !== country) continue;
    if (rate.region !== null && rate.region !== region) continue;
    const fit = (rate.country === null ? 0 : 1) + (rate.region === null ? 0 : 2);
    if (fit > bestFit) {
      best = rate;
      bestFit = fit;
    }
  }
  if (best) return { rateBasisPoints: best.rateBasisPoints, reverseCharge: best.reverseCharge };
  const own = tax.classes.find((c) => c.code === classCode) ?? tax.classes.find((c) => c.code === STANDARD_CLASS);
  return { rateBasisPoints: own?.rateBasisPoints ?? 0, reverseCharge: false };
}

/** The standard class's own rate: what a shop with one rate charges everywhere. */
export const standardRate = (tax: TaxSettings): number =>
  tax.classes.find((c) => c.code === STANDARD_CLASS)?.rateBasisPoints ?? 0;

/** "19%", "6.25%": a rate as receipts print it. */
export const ratePercent = (basisPoints: number): string => `${basisPoints / 100}%`;

/** What the buyer's invoice says when a business buyer's VAT was reverse-charged. */
export const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';

/** A receipt row's label for one rate: "Tax (8%)" added on top, "incl. VAT 19%" held in the prices. */
const rowLabel = (included: boolean, name: string, basisPoints: number) =>
  included ? `incl. ${name} ${ratePercent(basisPoints)}` : `${name} (${ratePercent(basisPoints)})`;

/**
 * A quote's or an order's tax as the wire carries it (contracts `taxShown`, amounts in decimals), one
 * row per rate; with no rate kept, one "Tax" row of the whole tax.
 */
export function wireTaxRows(o: {
  tax_included: boolean;
  tax_lines: readonly { name: string; rate: number; amount: number }[];
  totals: { tax: number };
}): { label: string; amount: number }[] {
  if (o.tax_lines.length === 0) return [{ label: 'Tax', amount: o.totals.tax }];
  return o.tax_lines.map((l) => ({
    label: rowLabel(o.tax_included, l.name, Math.round(l.rate * 100)),
    amount: l.amount,
  }));
}

/**
 * An order's tax as receipts list it, one row per rate: "Tax (8%)" added on top, or "incl. VAT 19%"
 * held in the prices. An order taxed before its rates were kept shows its one rate.
 */
export function taxRows(order: {
  taxIncluded: boolean;
  taxLines: readonly { name: string; rateBasisPoints: number; taxCents: number }[];
  taxCents: number;
  taxRateBasisPoints: number;
}): { label: string; cents: number }[] {
  const lines =
    order.taxLines.length > 0
      ? order.taxLines
      : [{ name: 'Tax', rateBasisPoints: order.taxRateBasisPoints, taxCents: order.taxCents }];
  return lines.map((l) => ({ label: rowLabel(order.taxIncluded, l.name, l.rateBasisPoints), cents: l.taxCents }));
}

/** Whether shoppers of zone `zoneId` see and pay prices that hold their tax. */
export function taxIncludedIn(tax: TaxSettings, zoneId: string): boolean {
  return tax.pricesIncludeTax || tax.inclusiveZones.includes(zoneId);
}

/**
 * An entered price with its tax added, when the zone shows prices with tax but the owner entered them
 * without: `net` + its tax at `rateBasisPoints`, rounded half up to the unit (ADR 046's rounding, on one unit).
 */
export function withTax(net: number, rateBasisPoints: number): number {
  return net + Math.floor((net * rateBasisPoints * 2 + 10_000) / 20_000);
}
