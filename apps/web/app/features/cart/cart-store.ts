import { toCents } from '@shop/contracts/money';
import {
  type CollectionState,
  createCollectionStore,
  loadCollection,
  type PendingMerge as SyncedPendingMerge,
  setItems,
  useCollection,
} from '../../lib/synced-collection/store.ts';

/** spec §3 cart item: the product (with id and sale_price) and a quantity. */
export interface CartProduct {
  id: string;
  name: string;
  sale_price: number;
  image?: string | null;
  slug?: string;
}

/** A colour and size chosen on the product page; one product may sit in several lines, one per choice. */
export interface CartLineOptions {
  color?: string | null;
  size?: string | null;
}

export interface LocalCartItem {
  product: CartProduct;
  quantity: number;
  color?: string | null;
  size?: string | null;
  /** The server's id of this line, once the server knows it (signed in); PATCH cart-items/:id needs it. */
  id?: string;
  /**
   * Choices the product requires that this line lacks, as the server reports them (a line from before
   * they were required; issue 11 point 6). Checkout refuses such a line until it is chosen.
   */
  missing?: ('color' | 'size')[];
}

/** A guest line on its way to the server at sign-in (lib/synced-collection PendingMerge). */
export interface MergeLine {
  productId: string;
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
    v.quantity > 0
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

/** The identity of a line: the product and the chosen colour and size. */
export function lineKey(productId: string, options?: CartLineOptions): string {
  return JSON.stringify([productId, norm(options?.color), norm(options?.size)]);
}

export function itemKey(item: LocalCartItem): string {
  return lineKey(item.product.id, item);
}

/**
 * spec §4: adding an existing product increases its quantity by the added amount, otherwise appends.
 * A different colour or size of the same product is its own line (as on the server).
 */
export function withAdded(
  items: LocalCartItem[],
  product: CartProduct,
  quantity: number,
  options?: CartLineOptions,
): LocalCartItem[] {
  const key = lineKey(product.id, options);
  return items.some((i) => itemKey(i) === key)
    ? items.map((i) => (itemKey(i) === key ? { ...i, quantity: i.quantity + quantity } : i))
    : [...items, { product, quantity, color: norm(options?.color), size: norm(options?.size) }];
}

/**
 * spec §4: update sets the quantity. Without options it sets every line of the product (one, unless
 * colours or sizes differ); with options only that line.
 */
export function withQuantity(
  items: LocalCartItem[],
  productId: string,
  quantity: number,
  options?: CartLineOptions,
): LocalCartItem[] {
  const key = options ? lineKey(productId, options) : null;
  return items.map((i) => ((key ? itemKey(i) === key : i.product.id === productId) ? { ...i, quantity } : i));
}

/** spec §4: remove deletes by product id. */
export function withoutProduct(items: LocalCartItem[], productId: string): LocalCartItem[] {
  return items.filter((i) => i.product.id !== productId);
}

const change = (apply: (items: LocalCartItem[]) => LocalCartItem[]) =>
  setItems(cartStore, apply(cartStore.getState().items));

export function addItem(product: CartProduct, quantity = 1, options?: CartLineOptions) {
  change((items) => withAdded(items, product, quantity, options));
}

export function updateQuantity(productId: string, quantity: number, options?: CartLineOptions) {
  change((items) => withQuantity(items, productId, quantity, options));
}

export function removeItem(productId: string) {
  change((items) => withoutProduct(items, productId));
}

/** spec §4: clear empties. */
export function clearCart() {
  change(() => []);
}

/** spec §4: whenever profile data with cart items loads, the local cart is replaced by the server's. */
export function replaceCart(items: LocalCartItem[], ownerId: string | null) {
  cartStore.setState({ items, ownerId, summary: null });
}

/** spec §4: total items = sum of quantities. */
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

/** spec §4: total price = sum of sale_price × quantity, computed in integer cents. */
export function totalPriceCents(items: LocalCartItem[]): number {
  return items.reduce((sum, i) => sum + lineTotalCents(i), 0);
}

/**
 * The totals to show: the server's when it sent them for exactly these lines (signed in), otherwise
 * (a guest's cart, or a change still on its way) the sums of spec §4.
 */
export function cartTotals(state: Pick<CartState, 'items' | 'summary'>): CartTotals {
  return state.summary ?? { items: totalItems(state.items), priceCents: totalPriceCents(state.items) };
}

export function useCart<T>(select: (s: CartState) => T): T {
  return useCollection(cartStore, select);
}
