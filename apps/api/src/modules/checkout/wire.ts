import { type CurrencyUnit, fromMinor } from '@shop/contracts/currency';
import { type LineOption, soldOptions } from '@shop/contracts/line-options';
import type { Quote } from '@shop/contracts/orders';
import type { PricedCheckout, Totals } from './pricing.ts';

/** A priced line as quotes and orders answer it, its amounts in minor units of `currency`. */
export function lineToWire(
  l: {
    productId: string | null;
    /** null on an order line sold before variants whose variant could not be told. */
    variantId: string | null;
    sku: string | null;
    name: string;
    image: string | null;
    unitPriceCents: number;
    quantity: number;
    color: string | null;
    size: string | null;
    options: LineOption[];
  },
  currency: CurrencyUnit,
) {
  const fromCents = (minor: number) => fromMinor(minor, currency.digits);
  return {
    product_id: l.productId ?? '',
    variant_id: l.variantId,
    sku: l.sku,
    name: l.name,
    image: l.image,
    unit_price: fromCents(l.unitPriceCents),
    quantity: l.quantity,
    color: l.color,
    size: l.size,
    options: soldOptions(l),
    line_total: fromCents(l.unitPriceCents * l.quantity),
  };
}

/** An order's currency and tax as quotes and orders show them (contracts `taxShown`). */
export function taxToWire(
  t: {
    taxIncluded: boolean;
    taxLines: { name: string; rateBasisPoints: number; taxableCents: number; taxCents: number }[];
    reverseCharge: boolean;
  },
  currency: CurrencyUnit,
) {
  const fromCents = (minor: number) => fromMinor(minor, currency.digits);
  return {
    currency: { code: currency.code, digits: currency.digits },
    tax_included: t.taxIncluded,
    tax_lines: t.taxLines.map((l) => ({
      name: l.name,
      rate: l.rateBasisPoints / 100,
      taxable: fromCents(l.taxableCents),
      amount: fromCents(l.taxCents),
    })),
    reverse_charge: t.reverseCharge,
  };
}

export function totalsToWire(t: Totals, currency: CurrencyUnit) {
  const fromCents = (minor: number) => fromMinor(minor, currency.digits);
  return {
    subtotal: fromCents(t.subtotalCents),
    discount: fromCents(t.discountCents),
    shipping: fromCents(t.shippingCents),
    tax: fromCents(t.taxCents),
    total: fromCents(t.totalCents),
  };
}

export function toQuote(priced: PricedCheckout, code: string | null): Quote {
  const { currency } = priced;
  return {
    lines: priced.lines.map((l) => lineToWire(l, currency)),
    totals: totalsToWire(priced.totals, currency),
    discount_code: code,
    shipping_method: priced.method.code,
    shipping_options: priced.options.map((o) => ({
      code: o.method.code,
      name: o.method.name,
      estimate: o.method.estimate,
      price: fromMinor(o.priceCents, currency.digits),
    })),
    tax_rate: priced.standardRateBasisPoints / 100,
    ...taxToWire(priced, currency),
  };
}
