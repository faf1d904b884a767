import type { Order } from '@shop/contracts/orders';
import { clearLocalCart, loadCartSync } from '../cart/index.ts';
import { ordersRootKey } from '../orders/index.ts';
import { clearChangedLines } from './changed-lines.ts';
import { savePlacedOrder } from './placed-order.ts';

/**
 * A placed (and, for cards, paid) order, wherever checkout ends — the form, or the page Stripe returns
 * to after 3-D Secure: the confirmation page gets the order, the cart is emptied (the server
 * emptied a signed-in shopper's own), and the order history will show it however fresh its cache is.
 */
export function finishOrder(order: Order, userId: string | null) {
  savePlacedOrder({ order, signedIn: userId !== null });
  clearChangedLines();
  clearLocalCart();
  if (userId) void loadCartSync().then((m) => m.refreshCartFromServer(userId));
  void import('../../lib/query-client.ts').then(({ getQueryClient }) =>
    getQueryClient().invalidateQueries({ queryKey: ordersRootKey }),
  );
}
