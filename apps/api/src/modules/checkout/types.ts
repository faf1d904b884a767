import type { Presentment } from '@shop/contracts/currency';
import type { LineOption } from '@shop/contracts/line-options';
import type { ShippingZone } from '@shop/contracts/shipping';
import type { Settings } from '../settings/index.ts';
import type { SellableProduct } from '../stock/index.ts';

/** Who is checking out: a signed-in user (from the token, never the body) or a guest. */
export interface Actor {
  userId?: string;
}

/** A line to buy, before prices: from the server cart (signed in) or the body's `items` (guest). */
export interface RequestedLine {
  productId: string;
  /**
   * The variant bought; null only for a guest line of a product that is unknown or not for
   * sale, which the availability check answers as unavailable.
   */
  variantId: string | null;
  quantity: number;
  color: string | null;
  size: string | null;
  /** The cart line's price snapshot; null for guests, who pay the price the quote shows. */
  expectedPriceCents: number | null;
  cartItemId: string | null;
}

/** A product with its variants as checkout reads them (stock `readSellable`). */
export type ProductInfo = SellableProduct;

/** Everything a quote or an order needs besides prices and stock, read and checked. */
export interface ResolvedCheckout {
  userId: string | null;
  email: string;
  cartId: string | null;
  lines: RequestedLine[];
  products: Map<string, ProductInfo>;
  /** Where the order goes (its state or province as a code where the country has a list), and the zone that ships there (contracts `zoneFor`). */
  destination: { country: string; region: string | null };
  zone: ShippingZone;
  /** The business buyer's VAT number, valid for the destination country; null: none given. */
  vatNumber: string | null;
  /** The method code the body asked for; undefined on a quote that leaves it out. */
  shippingMethod: string | undefined;
  settings: Settings;
  /** The currency the shopper pays in, and what converts the base prices into it. */
  presentment: Presentment;
}

/** A line with the variant it buys and the price it is sold at. */
export interface PricedLine extends RequestedLine {
  variantId: string;
  sku: string;
  /** Every option of the variant, named as the product names them (frozen on the order line). */
  options: LineOption[];
  name: string;
  image: string | null;
  unitPriceCents: number;
}
