import { formatMinor } from '@shop/contracts/currency';
import type { PlaceholderValues } from '@shop/contracts/placeholders';
import type { RateRule } from '@shop/contracts/shipping';
import type { Settings } from '../settings/index.ts';

/**
 * What each content-page placeholder (contracts/placeholders.ts) stands for under `s`.
 * Every figure is the one checkout uses: the same shipping methods, the same tax rate, the same invoice
 * term. Shipping figures are those of the first zone with a method of that code — the zone an owner
 * lists first is their home market (docs/adr/048-shipping-zones.md).
 */
export function placeholderValues(s: Settings): PlaceholderValues {
  const money = (minor: number) => formatMinor(minor, s.currencies.base);
  /** A flat rate's price; a table's lowest, as "from $5.99". */
  const priceOf = (rate: RateRule) => {
    if (rate.kind === 'flat') return rate.priceCents === 0 ? 'free' : money(rate.priceCents);
    const lowest = Math.min(...rate.bands.map((b) => b.priceCents));
    return lowest === 0 ? 'free' : `from ${money(lowest)}`;
  };
  const method = (code: string) => {
    const m = s.shippingZones.flatMap((z) => z.methods).find((x) => x.code === code);
    if (!m) return { name: '', price: '', free_over: 'never', cost: '', delivery: '' };
    const price = priceOf(m.rate);
    const basis = m.afterDiscount ? ' after discounts' : '';
    return {
      name: m.name,
      price,
      free_over: m.freeOverCents === null ? 'never' : money(m.freeOverCents),
      cost:
        price === 'free' || m.freeOverCents === null
          ? price
          : `${price}, free on orders of ${money(m.freeOverCents)} or more${basis}`,
      delivery: m.estimate,
    };
  };
  const standard = method('standard');
  const express = method('express');
  const rate = `${s.taxRateBasisPoints / 100}%`;
  return {
    'store.name': s.storeName,
    'store.email': s.contactEmail,
    'store.phone': s.contactPhone,
    'store.address': s.address,
    'shipping.standard.name': standard.name,
    'shipping.standard.price': standard.price,
    'shipping.standard.free_over': standard.free_over,
    'shipping.standard.cost': standard.cost,
    'shipping.standard.delivery': standard.delivery,
    'shipping.express.name': express.name,
    'shipping.express.price': express.price,
    'shipping.express.free_over': express.free_over,
    'shipping.express.cost': express.cost,
    'shipping.express.delivery': express.delivery,
    'tax.rate': rate,
    // checkout/pricing.ts: tax is added on top of the goods after discount plus shipping.
    'tax.policy':
      s.taxRateBasisPoints === 0
        ? 'No sales tax is added at checkout.'
        : `Prices are shown without sales tax: ${rate} sales tax is added at checkout, on the goods and the shipping.`,
    'pay_later.days': String(s.payLaterDays),
  };
}
