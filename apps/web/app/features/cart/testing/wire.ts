import type { PublicUser } from '@shop/contracts/auth';
import { type Cart, type CartItem, cart, type Profile, profile } from '@shop/contracts/cart';
import { fromCents, toCents } from '@shop/contracts/money';

/**
 * Answers of the cart API in its documented format (packages/contracts/src/cart.ts), for msw
 * handlers in web tests. Each test states what the server answers; nothing here plays the server.
 */
export interface WireProduct {
  id: string;
  name: string;
  sale_price: number;
}

export function cartLine(
  id: string,
  p: WireProduct,
  quantity: number,
  options: { color?: string; size?: string; variantId?: string } = {},
): CartItem {
  const values = [options.color, options.size].filter((v): v is string => Boolean(v));
  return {
    id,
    product: {
      id: p.id,
      slug: `slug-${p.id}`,
      name: p.name,
      sale_price: p.sale_price,
      regular_price: p.sale_price,
      images: [`/media/${p.id}.svg`],
      available: 100,
      in_stock: true,
      tax_class: 'standard',
    },
    variant_id: options.variantId ?? `v-${p.id}${values.map((v) => `-${v}`).join('')}`,
    sku: `sku-${p.id}${values.map((v) => `-${v.toLowerCase()}`).join('')}`,
    options: values,
    quantity,
    color: options.color ?? null,
    size: options.size ?? null,
    missing_choices: [],
  };
}

/** A cart answer with these lines; its totals are the ones the API sends. */
export function cartOf(lines: CartItem[]): Cart {
  return cart.parse({
    id: 'cart-1',
    cart_items: lines,
    total_items: lines.reduce((n, l) => n + l.quantity, 0),
    total_price: fromCents(lines.reduce((c, l) => c + toCents(l.product.sale_price) * l.quantity, 0)),
  });
}

/** GET users/me: the user with the server cart (docs/product.md §7). */
export function profileOf(user: PublicUser, lines: CartItem[]): Profile {
  return profile.parse({ ...user, cart: cartOf(lines) });
}
