import {
  type CollectionState,
  createCollectionStore,
  loadCollection,
  useCollection,
} from '../../lib/synced-collection/store.ts';

/** What the wishlist keeps of a product: enough to show it and to add it to the cart. */
export interface WishlistProduct {
  id: string;
  name: string;
  sale_price: number;
  image?: string | null;
  slug?: string;
  regular_price?: number;
  /** The tax class of its price; unknown in lists saved before it was kept: standard. */
  tax_class?: string;
  in_stock?: boolean;
  /**
   * The product's colours and sizes: with any, 'Add to cart' needs a choice first.
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

/** A guest's saved product on its way to the server at sign-in. */
export interface WishlistMergeLine {
  productId: string;
}

export type WishlistState = CollectionState<WishlistProduct, WishlistMergeLine>;

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

export const WISHLIST_STORAGE_KEY = 'wishlist';
/** Newest first, as the server lists them: in this browser for a guest, on the server when signed in. */
export const wishlistStore = createCollectionStore<WishlistProduct, WishlistMergeLine>({
  key: WISHLIST_STORAGE_KEY,
  isItem: isProduct,
});

/** Reads the saved list after hydration. */
export function loadWishlistFromStorage() {
  loadCollection(wishlistStore);
}

/** Saves a product (newest first); saving it again changes nothing. */
export function withProduct(items: WishlistProduct[], product: WishlistProduct): WishlistProduct[] {
  return items.some((p) => p.id === product.id) ? items : [product, ...items];
}

export function withoutProduct(items: WishlistProduct[], productId: string): WishlistProduct[] {
  return items.filter((p) => p.id !== productId);
}

export function isInWishlist(items: WishlistProduct[], productId: string): boolean {
  return items.some((p) => p.id === productId);
}

export function useWishlist<T>(select: (s: WishlistState) => T): T {
  return useCollection(wishlistStore, select);
}
