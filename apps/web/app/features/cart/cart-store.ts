import { toCents } from '@shop/contracts/money';
import { cappedAdd, lineLimit } from '@shop/contracts/quantity';
import { STANDARD_CLASS } from '@shop/contracts/tax';
import { shelfMinor } from '../../lib/presentment.ts';
import type { ShopperCurrency } from '../../lib/shopper-currency.ts';
import {
  type CollectionState,
  createCollectionStore,
  loadCollection,
  type PendingMerge as SyncedPendingMerge,
  setItems,
  useCollection,
} from '../../lib/synced-collection/store.ts';

/** docs/product.md §3 cart item: the product (with id and sale_price) and a quantity. */
export interface CartProduct {
  id: string;
  name: string;
  sale_price: number;
  image?: string | null;
  slug?: string;
  /** The tax class of the line's price (the variant's); unknown in lines saved before it was kept: standard. */
  tax_class?: string;
}

/**
 * What a line buys of its product: the variant, with its SKU and its values of the product's
 * options in their order, and the documented colour and size among them. One product may sit in several
 * lines, one per variant.
 */
export interface CartLineOptions {
  variantId?: string | null;
  sku?: string | null;
  /** The variant's values of the product's options, in their order (['Red', 'M'], ['256GB']). */
  options?: string[];
  color?: string | null;
  size?: string | null;
  /** The variant's stock as the page that adds it shows it: a line never grows past it. */
  available?: number;
}

export interface LocalCartItem {
  product: CartProduct;
  quantity: number;
  /**
   * The variant the line buys. Unknown (absent) only for a line added without a choice (a product with
   * one variant, from the wishlist) or saved by the previous release: the server picks the variant then.
   */
  variantId?: string | null;
  sku?: string | null;
  options?: string[];
  color?: string | null;
  size?: string | null;
  /**
   * The variant's stock when the line was last added or checked (the product page, the server's cart,
   * the cart page's check on load). A guest's cart lives in this browser, so this is how it knows the
   * stock; unknown for a line saved before it was kept.
   */
  available?: number;
  /** The server's id of this line, once the server knows it (signed in); PATCH cart-items/:id needs it. */
  id?: string;
  /**
   * Choices the product requires that this line lacks, as the server reports them (a line from before
   * they were required). Checkout refuses such a line until it is chosen.
   */
  missing?: ('color' | 'size')[];
}

/** A guest line on its way to the server at sign-in (lib/synced-collection PendingMerge). */
export interface MergeLine {
  productId: string;
  variantId: string | null;
  quantity: number;
  color: string | null;
  size: string | null;
}
export type PendingMerge = SyncedPendingMerge<MergeLine>;

/** The server's totals of its cart (signed in), in integer cents. */
export interface CartTotals {
  items: number;
  priceCents: number;
}

export type CartState = CollectionState<LocalCartItem, MergeLine, CartTotals>;

function isLine(value: unknown): value is LocalCartItem {
  const v = value as LocalCartItem | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.product?.id === 'string' &&
    typeof v.product.sale_price === 'number' &&
    Number.isFinite(v.product.sale_price) &&
    Number.isInteger(v.quantity) &&
    v.quantity > 0 &&
    (v.variantId == null || typeof v.variantId === 'string') &&
    (v.available === undefined || (Number.isInteger(v.available) && v.available >= 0)) &&
    (v.options === undefined || (Array.isArray(v.options) && v.options.every((o) => typeof o === 'string')))
  );
}

export const CART_STORAGE_KEY = 'cart';
/** The cart: saved in this browser, and for a signed-in shopper a mirror of the server's (cart-sync.ts). */
export const cartStore = createCollectionStore<LocalCartItem, MergeLine, CartTotals>({
  key: CART_STORAGE_KEY,
  isItem: isLine,
});

/** Reads the saved cart after hydration (the server renders an empty one). */
export function loadCartFromStorage() {
  loadCollection(cartStore);
}

const norm = (v: string | null | undefined) => v || null;

/** What tells one line from another: its product and what it buys of it. */
export type LineIdentity = Pick<CartLineOptions, 'variantId' | 'color' | 'size'>;

/**
 * The identity of a line: its variant. A line whose variant is not known yet is told apart
 * by its product and the chosen colour and size, as before variants.
 */
export function lineKey(productId: string, line?: LineIdentity): string {
  if (line?.variantId) return `variant:${line.variantId}`;
  return JSON.stringify([productId, norm(line?.color), norm(line?.size)]);
}

export function itemKey(item: LocalCartItem): string {
  return lineKey(item.product.id, item);
}

/**
 * Whether a line buys what `line` describes: the same variant; or, where either variant is not known,
 * the same product, colour and size (the server then picks that one variant for both).
 */
export function isSameLine(item: LocalCartItem, productId: string, line?: LineIdentity): boolean {
  if (item.variantId && line?.variantId) return item.variantId === line.variantId;
  return (
    item.product.id === productId && norm(item.color) === norm(line?.color) && norm(item.size) === norm(line?.size)
  );
}

/** The line as it is stored: only what is known, so a saved cart stays small and comparable. */
function newLine(product: CartProduct, quantity: number, options?: CartLineOptions): LocalCartItem {
  return {
    product,
    quantity,
    ...(options?.variantId ? { variantId: options.variantId } : {}),
    ...(options?.sku ? { sku: options.sku } : {}),
    ...(options?.options?.length ? { options: [...options.options] } : {}),
    color: norm(options?.color),
    size: norm(options?.size),
    ...(options?.available !== undefined ? { available: options.available } : {}),
  };
}

/**
 * docs/product.md §4: adding an existing product increases its quantity by the added amount, otherwise appends.
 * "existing" means the same variant; another size or colour of the product is its own line
 * (as on the server). A line whose variant was not known yet learns it here. The line never grows past
 * the variant's stock (`addOutcome`): a guest's cart has no server to refuse it.
 */
export function withAdded(
  items: LocalCartItem[],
  product: CartProduct,
  quantity: number,
  options?: CartLineOptions,
): LocalCartItem[] {
  const at = items.findIndex((i) => isSameLine(i, product.id, options));
  const { quantity: total } = addOutcome(items, product.id, quantity, options);
  if (total <= 0) return items;
  if (at < 0) return [...items, newLine(product, total, options)];
  return items.map((i, index) =>
    index === at
      ? {
          ...i,
          ...learnt(i, options),
          quantity: total,
          ...(options?.available !== undefined ? { available: options.available } : {}),
        }
      : i,
  );
}

/**
 * What an add of `quantity` does to its line: the line's new quantity, capped at the variant's stock
 * (the add's, else the line's last known) and MAX_LINE_QUANTITY; whether the cap cut it short; the
 * limit that did.
 */
export function addOutcome(
  items: LocalCartItem[],
  productId: string,
  quantity: number,
  options?: CartLineOptions,
): { had: number; quantity: number; capped: boolean; limit: number } {
  const line = items.find((i) => isSameLine(i, productId, options));
  const had = line?.quantity ?? 0;
  const limit = lineLimit(options?.available ?? line?.available);
  return { had, limit, ...cappedAdd(had, quantity, limit) };
}

/** What a line whose variant was not known learns from an add that names it. */
function learnt(item: LocalCartItem, options?: CartLineOptions): Partial<LocalCartItem> {
  if (item.variantId || !options?.variantId) return {};
  const { variantId, sku, options: values } = newLine(item.product, 0, options);
  return { variantId, ...(sku ? { sku } : {}), ...(values ? { options: values } : {}) };
}

/**
 * docs/product.md §4: update sets the quantity. Without a line it sets every line of the product; with one only
 * that line.
 */
export function withQuantity(
  items: LocalCartItem[],
  productId: string,
  quantity: number,
  line?: LineIdentity,
): LocalCartItem[] {
  return items.map((i) =>
    (line ? isSameLine(i, productId, line) : i.product.id === productId) ? { ...i, quantity } : i,
  );
}

/** docs/product.md §4: remove deletes by product id. */
export function withoutProduct(items: LocalCartItem[], productId: string): LocalCartItem[] {
  return items.filter((i) => i.product.id !== productId);
}

const change = (apply: (items: LocalCartItem[]) => LocalCartItem[]) =>
  setItems(cartStore, apply(cartStore.getState().items));

export function addItem(product: CartProduct, quantity = 1, options?: CartLineOptions) {
  change((items) => withAdded(items, product, quantity, options));
}

export function updateQuantity(productId: string, quantity: number, line?: LineIdentity) {
  change((items) => withQuantity(items, productId, quantity, line));
}

export function removeItem(productId: string) {
  change((items) => withoutProduct(items, productId));
}

/** Sets the lines as they are (the cart page's stock check). */
export function setCartItems(items: LocalCartItem[]) {
  setItems(cartStore, items);
}

/** docs/product.md §4: clear empties. */
export function clearCart() {
  change(() => []);
}

/** docs/product.md §4: whenever profile data with cart items loads, the local cart is replaced by the server's. */
export function replaceCart(items: LocalCartItem[], ownerId: string | null) {
  cartStore.setState({ items, ownerId, summary: null });
}

/**
 * What a line shows of its variant: its values in the product's option order, the colour
 * and size named as before ('Colour: Red', 'Size: M'), any other value as it is ('256GB'). A line from
 * before variants shows its colour and size.
 */
export function lineChoices(item: Pick<LocalCartItem, 'options' | 'color' | 'size'>): string[] {
  let color = norm(item.color);
  let size = norm(item.size);
  const shown = (item.options ?? []).map((value) => {
    if (color !== null && value === color) {
      color = null;
      return `Colour: ${value}`;
    }
    if (size !== null && value === size) {
      size = null;
      return `Size: ${value}`;
    }
    return value;
  });
  // Colour and size the values did not name (a line without them): shown first, colour before size.
  return [...(color ? [`Colour: ${color}`] : []), ...(size ? [`Size: ${size}`] : []), ...shown];
}

/** docs/product.md §4: total items = sum of quantities. */
export function totalItems(items: LocalCartItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}

/** A line's unit price in integer cents. */
export function unitCents(item: LocalCartItem): number {
  return toCents(item.product.sale_price);
}

/** A line's total in integer cents: the unit price is rounded to the cent once, then multiplied. */
export function lineTotalCents(item: LocalCartItem): number {
  return unitCents(item) * item.quantity;
}

/** docs/product.md §4: total price = sum of sale_price × quantity, computed in integer cents. */
export function totalPriceCents(items: LocalCartItem[]): number {
  return items.reduce((sum, i) => sum + lineTotalCents(i), 0);
}

/**
 * The totals to show: the server's when it sent them for exactly these lines (signed in), otherwise
 * (a guest's cart, or a change still on its way) the sums of docs/product.md §4.
 */
export function cartTotals(state: Pick<CartState, 'items' | 'summary'>): CartTotals {
  return state.summary ?? { items: totalItems(state.items), priceCents: totalPriceCents(state.items) };
}

/** A line's unit price in the shopper's currency (minor units), as checkout charges it. */
export function unitIn(item: LocalCartItem, shopper: ShopperCurrency): number {
  return shelfMinor(unitCents(item), item.product.tax_class ?? STANDARD_CLASS, shopper);
}

/** A line's total in the shopper's currency: the converted unit price times the quantity. */
export function lineTotalIn(item: LocalCartItem, shopper: ShopperCurrency): number {
  return unitIn(item, shopper) * item.quantity;
}

/**
 * The totals in the shopper's currency (minor units): in the base, `cartTotals`; in another currency the
 * sum of the converted lines, which is what checkout charges (docs/adr/050-currencies.md).
 */
export function cartTotalsIn(state: Pick<CartState, 'items' | 'summary'>, shopper: ShopperCurrency): CartTotals {
  if (!shopper.presentment.converted && Object.keys(shopper.addedRates).length === 0) return cartTotals(state);
  return {
    items: totalItems(state.items),
    priceCents: state.items.reduce((sum, i) => sum + lineTotalIn(i, shopper), 0),
  };
}

export function useCart<T>(select: (s: CartState) => T): T {
  return useCollection(cartStore, select);
}
