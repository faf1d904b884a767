import type { ShippingMethodRow } from '../../db/schema.ts';
import type { Settings } from '../settings/index.ts';

/** Who is checking out: a signed-in user (from the token, never the body) or a guest. */
export interface Actor {
  userId?: string;
}

/** A line to buy, before prices: from the server cart (signed in) or the body's `items` (guest). */
export interface RequestedLine {
  productId: string;
  quantity: number;
  color: string | null;
  size: string | null;
  /** The cart line's price snapshot (issue 4); null for guests, who pay the price the quote shows. */
  expectedPriceCents: number | null;
  cartItemId: string | null;
}

export interface ProductInfo {
  id: string;
  name: string;
  image: string | null;
  priceCents: number;
  available: number;
  published: boolean;
  colors: string[];
  sizes: string[];
}

/** Everything a quote or an order needs besides prices and stock, read and checked. */
export interface ResolvedCheckout {
  userId: string | null;
  email: string;
  cartId: string | null;
  lines: RequestedLine[];
  products: Map<string, ProductInfo>;
  shipping: ShippingMethodRow;
  settings: Settings;
}

/** A line with the price it is sold at. */
export interface PricedLine extends RequestedLine {
  name: string;
  image: string | null;
  unitPriceCents: number;
}
