/**
 * The wishlist feature's public face: other features import it only from here. The sync pulls in the API
 * client and TanStack Query, so it is offered as a loader. Routes import what their page shows directly:
 * the wishlist page its view (`components/wishlist-view.tsx`), the product page the actions
 * with `import()` of `actions.ts`, so the navbar, which imports this file, carries neither.
 */
export type { WishlistProduct } from './wishlist-store.ts';

/** The browser ↔ server wishlist sync, loaded on first use. */
export const loadWishlistSync = () => import('./wishlist-sync.ts');
