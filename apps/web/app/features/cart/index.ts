/**
 * The cart feature's public face: other features import the cart only from here. The store and its
 * totals load with whatever imports this file (the navbar); the sync pulls in the API client and
 * TanStack Query, so it is offered as a loader. Routes import what their page shows directly:
 * the cart page its view (`components/cart-view.tsx`), the product and wishlist pages the actions
 * with `import()` of `actions.ts`, so their first JavaScript carries neither this store nor that view.
 */

export {
  type CartLineOptions,
  type CartProduct,
  type CartTotals,
  clearCart as clearLocalCart,
  type LocalCartItem,
  totalItems,
  useCart,
} from './cart-store.ts';

/** The browser ↔ server cart sync (start, refresh, receiveProfile), loaded on first use. */
export const loadCartSync = () => import('./cart-sync.ts');
