import { createStore, useStore } from 'zustand';

/** What the wishlist keeps of a product: enough to show it and to add it to the cart. */
export interface WishlistProduct {
  id: string;
  name: string;
  sale_price: number;
  image?: string | null;
  slug?: string;
  regular_price?: number;
  in_stock?: boolean;
  /**
   * The product's colours and sizes (issue 11 point 6): with any, 'Add to cart' needs a choice first.
   * Absent in lists saved before they were kept: then the choice is unknown and asked for too.
   */
  colors?: string[];
  sizes?: string[];
}

/** Whether the product can go to the cart as it is, or the shopper must choose a colour or size first. */
export function needsChoice(product: WishlistProduct): boolean {
  return (
    !Array.isArray(product.colors) ||
    !Array.isArray(product.sizes) ||
    product.colors.length > 0 ||
    product.sizes.length > 0
  );
}

export interface WishlistState {
  /** Newest first, as the server lists them. */
  items: WishlistProduct[];
  /** The signed-in user whose server list this mirrors; null for a guest's list. */
  ownerId: string | null;
  /** True once the saved list was read in this browser (the server renders an empty one). */
  loaded: boolean;
}

export const WISHLIST_STORAGE_KEY = 'wishlist';
export const wishlistStore = createStore<WishlistState>(() => ({ items: [], ownerId: null, loaded: false }));

function persist() {
  if (typeof window === 'undefined') return;
  const { items, ownerId } = wishlistStore.getState();
  try {
    window.localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify({ items, ownerId }));
  } catch {
    // Storage full or disabled: the list still works for this page view.
  }
}

function set(state: Partial<WishlistState>) {
  wishlistStore.setState(state);
  persist();
}

function isProduct(value: unknown): value is WishlistProduct {
  const v = value as WishlistProduct | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.sale_price === 'number' &&
    Number.isFinite(v.sale_price)
  );
}

/** Reads the saved list after hydration. */
export function loadWishlistFromStorage() {
  try {
    const raw = window.localStorage.getItem(WISHLIST_STORAGE_KEY);
    const saved = raw ? (JSON.parse(raw) as Partial<WishlistState>) : {};
    wishlistStore.setState({
      items: Array.isArray(saved.items) ? saved.items.filter(isProduct) : [],
      ownerId: typeof saved.ownerId === 'string' ? saved.ownerId : null,
      loaded: true,
    });
  } catch {
    wishlistStore.setState({ items: [], ownerId: null, loaded: true });
  }
}

/** Saves a product (newest first); saving it again changes nothing. */
export function addWishlistItem(product: WishlistProduct) {
  const { items } = wishlistStore.getState();
  if (items.some((p) => p.id === product.id)) return;
  set({ items: [product, ...items] });
}

export function removeWishlistItem(productId: string) {
  set({ items: wishlistStore.getState().items.filter((p) => p.id !== productId) });
}

export function setWishlistItems(items: WishlistProduct[]) {
  set({ items });
}

export function replaceWishlist(items: WishlistProduct[], ownerId: string | null) {
  set({ items, ownerId });
}

export function isInWishlist(items: WishlistProduct[], productId: string): boolean {
  return items.some((p) => p.id === productId);
}

export function useWishlist<T>(select: (s: WishlistState) => T): T {
  return useStore(wishlistStore, select);
}
