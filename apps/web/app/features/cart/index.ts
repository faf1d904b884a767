/**
 * The cart feature's public face: other features, components and routes import the cart only from
 * here. The store and its totals are light and load with the page; the actions and the sync pull in
 * the API client and TanStack Query, so they are offered as loaders (one way of importing keeps them
 * out of a page's first JS).
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
export { CartView } from './components/cart-view.tsx';

/** spec §4 cart actions (add, remove, clear, update), loaded on first use. */
export const loadCartActions = () => import('./actions.ts');
/** The browser ↔ server cart sync (start, refresh, receiveProfile), loaded on first use. */
export const loadCartSync = () => import('./cart-sync.ts');
