import type { Cart } from '@shop/contracts/cart';
import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import toast from 'react-hot-toast';
import { errorBodyOf, statusOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import type { CartLineOptions, CartProduct, LocalCartItem } from './cart-store.ts';
import * as store from './cart-store.ts';
import { ensureCartSync, refreshCartFromServer } from './cart-sync.ts';
import { CART_MESSAGES as MSG } from './messages.ts';
import { adoptServerCart, cartQueue, signedInUserId } from './server-cart.ts';

/*
 * The cart's user actions (spec §4, §8), loaded lazily by the pages that offer them. Every action
 * changes the local cart at once (optimistic); for a signed-in shopper the server call follows through
 * the cart queue, with a toast whose progress text turns into the result (one toast id), and a failure
 * undoes exactly the local change it made. A guest's cart lives only in this browser.
 */

/** spec §4: adds `quantity` of a product; an existing line grows by that amount. Resolves true on success. */
export async function addToCart(product: CartProduct, quantity: number, options?: CartLineOptions): Promise<boolean> {
  ensureCartSync();
  const key = store.lineKey(product.id, options);
  store.addItem(product, quantity, options);
  const userId = signedInUserId();
  if (!userId) {
    toast.success(MSG.added);
    return true;
  }
  const id = toast.loading(MSG.adding);
  try {
    const cart = await cartQueue.run(() =>
      api
        .post('products/add-to-cart', {
          json: {
            product_id: product.id,
            quantity,
            ...(options?.color ? { color: options.color } : {}),
            ...(options?.size ? { size: options.size } : {}),
          },
        })
        .json<Cart>(),
    );
    adoptServerCart(cart, userId);
    toast.success(MSG.added, { id });
    return true;
  } catch {
    // Undo only this add: changes made meanwhile (another add of the same line) stay.
    store.setItems(
      store.cartStore
        .getState()
        .items.map((i) => (store.itemKey(i) === key ? { ...i, quantity: i.quantity - quantity } : i))
        .filter((i) => i.quantity > 0),
    );
    toast.error(MSG.addFailed, { id });
    void refreshCartFromServer(userId);
    return false;
  }
}

/** spec §4: removes every line of a product. */
export async function removeFromCart(productId: string): Promise<boolean> {
  ensureCartSync();
  const before = store.cartStore.getState().items;
  const removed = before.map((item, index) => ({ item, index })).filter(({ item }) => item.product.id === productId);
  store.removeItem(productId);
  const userId = signedInUserId();
  if (!userId) {
    toast.success(MSG.removed);
    return true;
  }
  const id = toast.loading(MSG.removing);
  try {
    const cart = await cartQueue.run(async () => {
      try {
        return await api.delete(`products/remove-from-cart/${encodeURIComponent(productId)}`).json<Cart>();
      } catch (error) {
        // Not (or no longer) in the server's cart: what the shopper asked for is already true.
        if (statusOf(error) === 404) return null;
        throw error;
      }
    });
    if (cart) adoptServerCart(cart, userId);
    toast.success(MSG.removed, { id });
    return true;
  } catch {
    // Put the lines back where they were, unless the product was added again meanwhile.
    const items = [...store.cartStore.getState().items];
    if (!items.some((i) => i.product.id === productId)) {
      for (const { item, index } of removed) items.splice(Math.min(index, items.length), 0, item);
      store.setItems(items);
    }
    toast.error(MSG.removeFailed, { id });
    void refreshCartFromServer(userId);
    return false;
  }
}

/** spec §4: empties the cart. */
export async function clearCart(): Promise<boolean> {
  ensureCartSync();
  const before = store.cartStore.getState().items;
  store.clearCart();
  const userId = signedInUserId();
  if (!userId) {
    toast.success(MSG.cleared);
    return true;
  }
  const id = toast.loading(MSG.clearing);
  try {
    const cart = await cartQueue.run(() => api.delete('products/clear-cart').json<Cart>());
    adoptServerCart(cart, userId);
    toast.success(MSG.cleared, { id });
    return true;
  } catch {
    // The old lines come back in front of anything added since.
    const now = store.cartStore.getState().items;
    const since = now.filter((i) => !before.some((b) => store.itemKey(b) === store.itemKey(i)));
    store.setItems([...before, ...since]);
    toast.error(MSG.clearFailed, { id });
    void refreshCartFromServer(userId);
    return false;
  }
}

/**
 * spec §4: sets the quantity of a product's line (of the line with these options, when given).
 * Quantities are whole numbers from 1 to MAX_LINE_QUANTITY; anything else is ignored.
 */
export async function updateQuantity(productId: string, quantity: number, options?: CartLineOptions): Promise<boolean> {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) return false;
  ensureCartSync();
  const matches = (i: LocalCartItem) =>
    options ? store.itemKey(i) === store.lineKey(productId, options) : i.product.id === productId;
  const previous = new Map(
    store.cartStore
      .getState()
      .items.filter(matches)
      .map((i) => [store.itemKey(i), i.quantity]),
  );
  if (previous.size === 0) return false;
  store.updateQuantity(productId, quantity, options);
  const userId = signedInUserId();
  if (!userId) return true;
  try {
    const cart = await cartQueue.run(async () => {
      // The line ids are read now, after earlier queued calls (an add of this line) have answered.
      const lines = store.cartStore.getState().items.filter(matches);
      let answer: Cart | null = null;
      for (const line of lines) {
        if (!line.id) throw new Error('This line is not in the server cart yet');
        answer = await api
          .patch(`products/cart-items/${encodeURIComponent(line.id)}`, { json: { quantity } })
          .json<Cart>();
      }
      return answer;
    });
    if (cart) adoptServerCart(cart, userId);
    return true;
  } catch (error) {
    store.setItems(
      store.cartStore.getState().items.map((i) => {
        const old = previous.get(store.itemKey(i));
        return old !== undefined && i.quantity === quantity ? { ...i, quantity: old } : i;
      }),
    );
    // The server's reason helps here ('Only 3 left in stock'); the spec has no text of its own for it.
    const { message } = await errorBodyOf(error);
    toast.error(statusOf(error) === 422 && message ? `${MSG.updateFailed} ${message}` : MSG.updateFailed);
    void refreshCartFromServer(userId);
    return false;
  }
}
