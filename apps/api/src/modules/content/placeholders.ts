import { formatMoney } from '@shop/contracts/money';
import type { PlaceholderValues } from '@shop/contracts/placeholders';
import type { ShippingMethodRow } from '../../db/schema.ts';
import type { Settings } from '../settings/index.ts';

/**
 * What each content-page placeholder (contracts/placeholders.ts) stands for under `s`.
 * Every figure is the one checkout uses: the same shipping rows, the same tax rate, the same invoice term.
 */
export function placeholderValues(s: Settings): PlaceholderValues {
  const money = (cents: number) => formatMoney(cents, s.currency);
  const method = (id: ShippingMethodRow['id']) => {
    const m = s.shippingMethods.find((x) => x.id === id);
    if (!m) return { name: '', price: '', free_over: 'never', cost: '', delivery: '' };
    const price = m.priceCents === 0 ? 'free' : money(m.priceCents);
    return {
      name: m.name,
      price,
      free_over: m.freeOverCents === null ? 'never' : money(m.freeOverCents),
      // checkout/pricing.ts: free once the subtotal after discount reaches the threshold.
      cost:
        m.priceCents === 0 || m.freeOverCents === null
          ? price
          : `${price}, free on orders of ${money(m.freeOverCents)} or more after discounts`,
      delivery: m.description,
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
