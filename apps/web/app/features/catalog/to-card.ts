import type { Product } from '@shop/contracts/catalog';
import { formatMoney, toCents } from '@shop/contracts/money';
import { type CardProduct, cardOf } from './card.ts';

/**
 * A card in the base currency, for the admin's previews (storefront pages make theirs with `cardIn`). It
 * converts nothing: a listing's first JavaScript reaches it.
 */
export function toCard(p: Product): CardProduct {
  const sale = toCents(p.sale_price);
  const regular = toCents(p.regular_price);
  return cardOf(p, {
    sale: formatMoney(sale),
    regular: p.percentage_discount > 0 && regular > sale ? formatMoney(regular) : null,
  });
}
