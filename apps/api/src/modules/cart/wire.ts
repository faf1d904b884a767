import type { Cart } from '@shop/contracts/cart';
import { fromCents } from '@shop/contracts/money';
import { missingChoices } from '@shop/contracts/product-options';

/** A cart line as read with its product (repository `selectCartLines`). */
export interface CartLineRow {
  id: string;
  quantity: number;
  color: string;
  size: string;
  productId: string;
  slug: string;
  name: string;
  salePriceCents: number;
  regularPriceCents: number;
  images: string[];
  available: number;
  published: boolean;
  colors: string[];
  sizes: string[];
}

/** The wire shape of a cart (contracts `cart`) with its totals. */
export function toCartWire(cartId: string, rows: CartLineRow[]): Cart {
  // spec §4: total items = sum of quantities; total price = sum of sale_price × quantity (in cents).
  let totalItems = 0;
  let totalCents = 0;
  const items = rows.map((r) => {
    totalItems += r.quantity;
    totalCents += r.salePriceCents * r.quantity;
    return {
      id: r.id,
      product: {
        id: r.productId,
        slug: r.slug,
        name: r.name,
        sale_price: fromCents(r.salePriceCents),
        regular_price: fromCents(r.regularPriceCents),
        images: r.images,
        available: r.available,
        in_stock: r.published && r.available > 0,
      },
      quantity: r.quantity,
      // '' is the stored "no choice" (it keeps the line's unique key total); the wire says null.
      color: r.color || null,
      size: r.size || null,
      // A line made before choices were required (issue 11): the cart asks for them, checkout refuses.
      missing_choices: missingChoices({ color: r.color || null, size: r.size || null }, r),
    };
  });
  return { id: cartId, cart_items: items, total_items: totalItems, total_price: fromCents(totalCents) };
}
