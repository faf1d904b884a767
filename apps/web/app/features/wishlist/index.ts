/**
 * The wishlist feature's public face: other features, components and routes import it only from here.
 * The actions and the sync pull in the API client and TanStack Query, so they are offered as loaders.
 */
export { WishlistView } from './components/wishlist-view.tsx';
export type { WishlistProduct } from './wishlist-store.ts';

/** Save, remove and toggle, loaded on first use. */
export const loadWishlistActions = () => import('./actions.ts');
/** The browser ↔ server wishlist sync, loaded on first use. */
export const loadWishlistSync = () => import('./wishlist-sync.ts');
