import type { Product } from '@shop/contracts/catalog';
import { toCents } from '@shop/contracts/money';
import { shelfPrices, taxNote } from '../../lib/presentment.ts';
import type { ShopperCurrency } from '../../lib/shopper-currency.ts';
import { type CardProduct, cardOf } from './card.ts';

/**
 * Used by server loaders: the wire product (decimal prices) → a card, its prices converted and written in
 * the shopper's currency on the server (docs/architecture.md §6), so that no listing's code converts.
 */
export function cardIn(shopper: ShopperCurrency): (p: Product) => CardProduct {
  const tax = taxNote(shopper);
  return (p) =>
    cardOf(p, {
      ...shelfPrices(toCents(p.sale_price), toCents(p.regular_price), p.percentage_discount, p.tax_class, shopper),
      ...(tax ? { taxNote: tax } : {}),
    });
}
