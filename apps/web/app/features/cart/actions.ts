import type { Cart } from '@shop/contracts/cart';
import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import { cartFailure } from '@shop/contracts/failures';
import { STOCK_NOTICE } from '@shop/contracts/messages';
import toast from 'react-hot-toast';
import { apiFailureOf } from '../../lib/api-error.ts';
import { postCartLine } from './api/add-to-cart.ts';
import { deleteCart } from './api/clear-cart.ts';
import { deleteCartProduct } from './api/remove-from-cart.ts';
import { patchCartItem } from './api/update-cart-item.ts';
import {
  addOutcome,
  type CartLineOptions,
  type CartProduct,
  cartStore,
  isSameLine,
  type LineIdentity,
  type LocalCartItem,
  withAdded,
  withoutProduct,
  withQuantity,
} from './cart-store.ts';
import { cartSync } from './cart-sync.ts';
import { CART_MESSAGES as MSG } from './messages.ts';
import { fromServerCart } from './server-cart.ts';

/*
 * The cart's user actions (docs/product.md §4, §8), loaded lazily by the pages that offer them. Every action
 * changes the local cart at once (optimistic); for a signed-in shopper the server call follows in the
 * cart's mutation scope, with a toast whose progress text turns into the result (one toast id), and a
 * failure undoes exactly the local change it made (lib/synced-collection). A guest's cart lives only in
 * this browser.
 */

/**
 * docs/product.md §4: adds `quantity` of a product — of the variant `options` names, with its colour and
 * size as the documented call takes them; an existing line of that variant grows by that amount, up to the
 * variant's stock (`options.available`). An add the stock cuts short says so instead of 'Added to
 * cart!'; one that can add nothing changes nothing. Resolves true when something was added.
 */
export function addToCart(product: CartProduct, quantity: number, options?: CartLineOptions): Promise<boolean> {
  cartSync.ensure();
  const outcome = addOutcome(cartStore.getState().items, product.id, quantity, options);
  const adding = outcome.quantity - outcome.had;
  if (adding <= 0) {
    toast.error(outcome.limit === 0 ? STOCK_NOTICE.soldOut : capNotice(outcome.limit, outcome.had));
    return Promise.resolve(false);
  }
  return cartSync.change({
    apply: (items) => withAdded(items, product, adding, options),
    send: async (userId) => {
      const cart = await postCartLine({
        productId: product.id,
        variantId: options?.variantId,
        quantity: adding,
        color: options?.color,
        size: options?.size,
      });
      return fromServerCart(cart, userId);
    },
    messages: {
      pending: MSG.adding,
      success: outcome.capped ? capNotice(outcome.limit, outcome.quantity) : MSG.added,
      failure: MSG.addFailed,
    },
  });
}

/** What a capped add says: the stock left, or the line maximum when that is what capped it. */
function capNotice(limit: number, inCart: number): string {
  return limit < MAX_LINE_QUANTITY ? STOCK_NOTICE.capped(limit, inCart) : STOCK_NOTICE.lineMaximum(limit, inCart);
}

/** docs/product.md §4: removes every line of a product. */
export function removeFromCart(productId: string): Promise<boolean> {
  return cartSync.change({
    apply: (items) => withoutProduct(items, productId),
    send: async (userId) => {
      try {
        const cart = await deleteCartProduct(productId);
        return fromServerCart(cart, userId);
      } catch (error) {
        // Not (or no longer) in the server's cart: what the shopper asked for is already true.
        const { failure } = await apiFailureOf(error, cartFailure);
        if (failure?.reason === 'not_in_cart' || failure?.reason === 'product_not_found') return null;
        throw error;
      }
    },
    messages: { pending: MSG.removing, success: MSG.removed, failure: MSG.removeFailed },
  });
}

/** docs/product.md §4: empties the cart. */
export function clearCart(): Promise<boolean> {
  return cartSync.change({
    apply: () => [],
    send: async (userId) => fromServerCart(await deleteCart(), userId),
    messages: { pending: MSG.clearing, success: MSG.cleared, failure: MSG.clearFailed },
  });
}

/**
 * docs/product.md §4: sets the quantity of a product's lines (of one line — one variant — when `line` is given).
 * Quantities are whole numbers from 1 to MAX_LINE_QUANTITY; anything else is ignored.
 */
export async function updateQuantity(productId: string, quantity: number, line?: LineIdentity): Promise<boolean> {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) return false;
  cartSync.ensure();
  const matches = (i: LocalCartItem) => (line ? isSameLine(i, productId, line) : i.product.id === productId);
  if (!cartStore.getState().items.some(matches)) return false;
  return cartSync.change({
    apply: (items) => withQuantity(items, productId, quantity, line),
    send: async (userId) => {
      // The line ids are read now, after earlier queued calls (an add of this line) have answered.
      const lines = cartStore.getState().items.filter(matches);
      let answer: Cart | null = null;
      for (const { id } of lines) {
        if (!id) throw new Error('This line is not in the server cart yet');
        answer = await patchCartItem(id, quantity);
      }
      return answer && fromServerCart(answer, userId);
    },
    messages: {
      // The server's reason helps here ('Only 3 left in stock'); docs/product.md has no text of its own for it.
      failure: async (error) => {
        const { failure, message } = await apiFailureOf(error, cartFailure);
        const stock = failure?.reason === 'out_of_stock' || failure?.reason === 'not_enough_stock';
        return (stock || failure?.reason === 'line_maximum') && message
          ? `${MSG.updateFailed} ${message}`
          : MSG.updateFailed;
      },
    },
  });
}
