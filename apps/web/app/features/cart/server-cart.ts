import type { Cart, Profile } from '@shop/contracts/cart';
import { toCents } from '@shop/contracts/money';
import type { ServerCollection } from '../../lib/synced-collection/sync.ts';
import type { CartTotals, LocalCartItem } from './cart-store.ts';

/** The server's lines as local cart lines (docs/product.md §3: product with id and sale_price, and a quantity; and the variant). */
export function toLocalItems(cart: Cart): LocalCartItem[] {
  return cart.cart_items.map((line) => ({
    id: line.id,
    product: {
      id: line.product.id,
      name: line.product.name,
      sale_price: line.product.sale_price,
      image: line.product.images[0] ?? null,
      slug: line.product.slug,
      tax_class: line.product.tax_class,
    },
    quantity: line.quantity,
    variantId: line.variant_id,
    sku: line.sku,
    options: line.options,
    color: line.color,
    size: line.size,
    // The wire's product.available is the line's variant's stock (cart/wire.ts).
    available: line.product.available,
    ...(line.missing_choices.length > 0 ? { missing: line.missing_choices } : {}),
  }));
}

/** A cart the server answered for `userId`, with the totals it computed (shown as they are). */
export function fromServerCart(cart: Cart, userId: string): ServerCollection<LocalCartItem, CartTotals> {
  return {
    userId,
    items: toLocalItems(cart),
    summary: { items: cart.total_items, priceCents: toCents(cart.total_price) },
  };
}

/** docs/product.md §4: profile data with cart items replaces the local cart with the server's. */
export function fromProfile(profile: Profile): ServerCollection<LocalCartItem, CartTotals> {
  return fromServerCart(profile.cart, profile.id);
}
