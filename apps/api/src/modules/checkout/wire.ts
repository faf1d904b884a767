import { type LineOption, soldOptions } from '@shop/contracts/line-options';
import { fromCents } from '@shop/contracts/money';
import type { Quote } from '@shop/contracts/orders';
import type { PricedCheckout, Totals } from './pricing.ts';
import type { PricedLine } from './types.ts';

/** A priced line as quotes and orders answer it. */
export function lineToWire(l: {
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
}) {
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

/** An order's tax as quotes and orders show it (contracts `taxShown`). */
export function taxToWire(t: {
  taxIncluded: boolean;
  taxLines: { name: string; rateBasisPoints: number; taxableCents: number; taxCents: number }[];
  reverseCharge: boolean;
}) {
  return {
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

export function totalsToWire(t: Totals) {
  return {
    subtotal: fromCents(t.subtotalCents),
    discount: fromCents(t.discountCents),
    shipping: fromCents(t.shippingCents),
    tax: fromCents(t.taxCents),
    total: fromCents(t.totalCents),
  };
}

export function toQuote(lines: PricedLine[], priced: PricedCheckout, code: string | null): Quote {
  return {
    lines: lines.map(lineToWire),
    totals: totalsToWire(priced.totals),
    discount_code: code,
    shipping_method: priced.method.code,
    shipping_options: priced.options.map((o) => ({
      code: o.method.code,
      name: o.method.name,
      estimate: o.method.estimate,
      price: fromCents(o.priceCents),
    })),
    tax_rate: priced.standardRateBasisPoints / 100,
    ...taxToWire(priced),
  };
}
