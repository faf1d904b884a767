import { createStore, useStore } from 'zustand';

/** spec §3 cart item: the product (with id and sale_price) and a quantity. */
export interface CartProduct {
  id: string;
  name: string;
  sale_price: number;
  image?: string | null;
  slug?: string;
}
export interface LocalCartItem {
  product: CartProduct;
  quantity: number;
}

interface CartState {
  items: LocalCartItem[];
  /** The signed-in user these lines belong to on the server; null for a guest's cart. */
  ownerId: string | null;
}

const STORAGE_KEY = 'cart';
export const cartStore = createStore<CartState>(() => ({ items: [], ownerId: null }));

function persist() {
  if (typeof window === 'undefined') return;
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(cartStore.getState()));
}

function set(state: Partial<CartState>) {
  cartStore.setState(state);
  persist();
}

/** Reads the saved cart after hydration (the server renders an empty one). */
export function loadCartFromStorage() {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return;
    const saved = JSON.parse(raw) as Partial<CartState>;
    if (Array.isArray(saved.items)) cartStore.setState({ items: saved.items, ownerId: saved.ownerId ?? null });
  } catch {
    // A corrupt entry is dropped, not fatal.
  }
}

/** spec §4: adding an existing product increases its quantity by the added amount, otherwise appends. */
export function addItem(product: CartProduct, quantity = 1) {
  const { items } = cartStore.getState();
  const found = items.some((i) => i.product.id === product.id);
  set({
    items: found
      ? items.map((i) => (i.product.id === product.id ? { ...i, quantity: i.quantity + quantity } : i))
      : [...items, { product, quantity }],
  });
}

/** spec §4: update sets the quantity. */
export function updateQuantity(productId: string, quantity: number) {
  set({ items: cartStore.getState().items.map((i) => (i.product.id === productId ? { ...i, quantity } : i)) });
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

/** spec §4: total items = sum of quantities. */
export function totalItems(items: LocalCartItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}

/** spec §4: total price = sum of sale_price × quantity, computed in integer cents. */
export function totalPriceCents(items: LocalCartItem[]): number {
  return items.reduce((sum, i) => sum + Math.round(i.product.sale_price * 100) * i.quantity, 0);
}

export function useCart<T>(select: (s: CartState) => T): T {
  return useStore(cartStore, select);
}
