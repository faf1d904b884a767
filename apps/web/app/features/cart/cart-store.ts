import { createStore, useStore } from 'zustand';

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

/**
 * Guest lines being sent to the server at sign-in, each with its own Idempotency-Key. Kept in storage
 * so a page closed halfway resends the same keys on the next load: nothing is lost, nothing doubled.
 */
export interface PendingMerge {
  userId: string;
  lines: { productId: string; quantity: number; color: string | null; size: string | null; key: string }[];
}

export interface CartState {
  items: LocalCartItem[];
  /** The signed-in user these lines belong to on the server; null for a guest's cart. */
  ownerId: string | null;
  merge: PendingMerge | null;
  /** True once the saved cart was read in this browser (the server renders an empty, not-loaded cart). */
  loaded: boolean;
}

export const CART_STORAGE_KEY = 'cart';
export const cartStore = createStore<CartState>(() => ({ items: [], ownerId: null, merge: null, loaded: false }));

function persist() {
  if (typeof window === 'undefined') return;
  const { items, ownerId, merge } = cartStore.getState();
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items, ownerId, merge }));
  } catch {
    // Storage full or disabled: the cart still works for this page view.
  }
}

function set(state: Partial<CartState>) {
  cartStore.setState(state);
  persist();
}

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

/** Reads the saved cart after hydration (the server renders an empty one). */
export function loadCartFromStorage() {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    const saved = raw ? (JSON.parse(raw) as Partial<CartState>) : {};
    cartStore.setState({
      // Lines someone edited by hand into nonsense are dropped one by one, not the whole cart.
      items: Array.isArray(saved.items) ? saved.items.filter(isLine) : [],
      ownerId: typeof saved.ownerId === 'string' ? saved.ownerId : null,
      merge: saved.merge && Array.isArray(saved.merge.lines) ? saved.merge : null,
      loaded: true,
    });
  } catch {
    // A corrupt entry is dropped, not fatal.
    cartStore.setState({ items: [], ownerId: null, merge: null, loaded: true });
  }
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
export function addItem(product: CartProduct, quantity = 1, options?: CartLineOptions) {
  const { items } = cartStore.getState();
  const key = lineKey(product.id, options);
  const found = items.some((i) => itemKey(i) === key);
  set({
    items: found
      ? items.map((i) => (itemKey(i) === key ? { ...i, quantity: i.quantity + quantity } : i))
      : [...items, { product, quantity, color: norm(options?.color), size: norm(options?.size) }],
  });
}

/**
 * spec §4: update sets the quantity. Without options it sets every line of the product (one, unless
 * colours or sizes differ); with options only that line.
 */
export function updateQuantity(productId: string, quantity: number, options?: CartLineOptions) {
  const key = options ? lineKey(productId, options) : null;
  set({
    items: cartStore
      .getState()
      .items.map((i) => ((key ? itemKey(i) === key : i.product.id === productId) ? { ...i, quantity } : i)),
  });
}

/** spec §4: remove deletes by product id. */
export function removeItem(productId: string) {
  set({ items: cartStore.getState().items.filter((i) => i.product.id !== productId) });
}

/** spec §4: clear empties. */
export function clearCart() {
  set({ items: [] });
}

/** spec §4: whenever profile data with cart items loads, the local cart is replaced by the server's. */
export function replaceCart(items: LocalCartItem[], ownerId: string | null) {
  set({ items, ownerId });
}

/** Sets the lines as they are, keeping the owner (used to undo an optimistic change). */
export function setItems(items: LocalCartItem[]) {
  set({ items });
}

export function setPendingMerge(merge: PendingMerge | null, ownerId?: string | null) {
  set(ownerId === undefined ? { merge } : { merge, ownerId });
}

/** spec §4: total items = sum of quantities. */
export function totalItems(items: LocalCartItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}

/** A line's total in integer cents: the unit price is rounded to the cent once, then multiplied. */
export function lineTotalCents(item: LocalCartItem): number {
  return Math.round(item.product.sale_price * 100) * item.quantity;
}

/** spec §4: total price = sum of sale_price × quantity, computed in integer cents. */
export function totalPriceCents(items: LocalCartItem[]): number {
  return items.reduce((sum, i) => sum + lineTotalCents(i), 0);
}

export function useCart<T>(select: (s: CartState) => T): T {
  return useStore(cartStore, select);
}
