/**
 * The checkout feature's public face: the notice the cart shows when checkout found
 * its lines changed, and the checkout page's settings. The checkout and confirmation views load on
 * demand from their routes.
 */
export { CartChangesNotice } from './components/cart-changes-notice.tsx';
export type { CheckoutSettings } from './components/checkout-view.tsx';
