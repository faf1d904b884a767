import type { Cart } from '@shop/contracts/cart';
import { type CurrencyUnit, fromMinor } from '@shop/contracts/currency';
import { missingChoices } from '@shop/contracts/product-options';
import { type OptionValues, type ProductOption, specLists } from '@shop/contracts/variants';
import { specValue } from '../stock/index.ts';

/** A cart line as read with its variant and product (repository `selectCartLines`). */
export interface CartLineRow {
  id: string;
  quantity: number;
  productId: string;
  slug: string;
  name: string;
  images: string[];
  published: boolean;
  options: ProductOption[];
  variantId: string;
  sku: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  /** The variant's price (or the product's), in cents. */
  salePriceCents: number;
  regularPriceCents: number;
  /** The variant's own picture; null = the product's. */
  image: string | null;
  /** The variant's stock. */
  available: number;
  /** The variant's tax class, else the product's. */
  taxClass: string;
}

/**
 * A cart as read: its id and lines. An add's Idempotency-Key stores this, and a replay
 * answers `toCartWire` of it — the same answer as the first, since the rows are the first's.
 */
export interface CartSnapshot {
  cartId: string;
  lines: CartLineRow[];
}

/**
 * The answer stored under a cart add's key: a snapshot, or (stored by an older release, within the 24
 * hours a key lives) the wire cart itself.
 */
export function storedCart(response: unknown, base: CurrencyUnit): Cart {
  const stored = response as CartSnapshot | Cart;
  return 'cart_items' in stored ? stored : toCartWire(stored.cartId, stored.lines, base);
}

/** The wire shape of a cart (contracts `cart`) with its totals, prices in the base currency `base`. */
export function toCartWire(cartId: string, rows: CartLineRow[], base: CurrencyUnit): Cart {
  // docs/product.md §4: total items = sum of quantities; total price = sum of sale_price × quantity (in cents).
  let totalItems = 0;
  let totalCents = 0;
  const items = rows.map((r) => {
    totalItems += r.quantity;
    totalCents += r.salePriceCents * r.quantity;
    const values: OptionValues = [r.option1, r.option2, r.option3];
    const color = specValue(r, values, 'color');
    const size = specValue(r, values, 'size');
    return {
      id: r.id,
      // The line's product as docs/product.md shows it, with what the line can buy: its variant's price and stock.
      product: {
        id: r.productId,
        slug: r.slug,
        name: r.name,
        sale_price: fromMinor(r.salePriceCents, base.digits),
        regular_price: fromMinor(r.regularPriceCents, base.digits),
        images: r.image ? [r.image, ...r.images.filter((i) => i !== r.image)] : r.images,
        available: r.available,
        in_stock: r.published && r.available > 0,
        tax_class: r.taxClass,
      },
      variant_id: r.variantId,
      sku: r.sku,
      options: values.filter((v) => v !== null),
      quantity: r.quantity,
      color,
      size,
      // A variant without a value of an option the product gained since: the cart asks, checkout refuses.
      missing_choices: missingChoices({ color, size }, specLists(r.options)),
    };
  });
  return { id: cartId, cart_items: items, total_items: totalItems, total_price: fromMinor(totalCents, base.digits) };
}
