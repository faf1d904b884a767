import type { Profile } from '@shop/contracts/cart';
import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import { cartFailure } from '@shop/contracts/failures';
import toast from 'react-hot-toast';
import { apiFailureOf } from '../../lib/api-error.ts';
import { createCollectionSync } from '../../lib/synced-collection/sync.ts';
import { sessionSource } from '../auth/index.ts';
import { postCartLine } from './api/add-to-cart.ts';
import { getProfile } from './api/get-profile.ts';
import { CART_STORAGE_KEY, cartStore, isSameLine, itemKey, type MergeLine } from './cart-store.ts';
import { CART_MESSAGES } from './messages.ts';
import { fromProfile } from './server-cart.ts';

function postLine(line: MergeLine, key: string) {
  return postCartLine(line, key);
}

/**
 * The cart in this browser and on the server, kept in step (docs/product.md §4) by the one synced-collection
 * mechanism (lib/synced-collection): a guest's lines go to the server at sign-in, each with its own
 * Idempotency-Key; every cart call runs in the 'cart' mutation scope.
 */
export const cartSync = createCollectionSync({
  store: cartStore,
  storageKey: CART_STORAGE_KEY,
  scope: 'cart',
  session: sessionSource,
  key: itemKey,
  value: (item) => item.quantity,
  fetch: async () => fromProfile(await getProfile()),
  guestLines: (items) =>
    items.map((item) => ({
      productId: item.product.id,
      variantId: item.variantId ?? null,
      quantity: Math.min(item.quantity, MAX_LINE_QUANTITY),
      color: item.color ?? null,
      size: item.size ?? null,
    })),
  sendGuestLine: postLine,
  // When the stock cannot cover the guest's quantity, the server says how many are left: take those.
  async retryRefused(error, line, key) {
    const { failure } = await apiFailureOf(error, cartFailure);
    if (failure?.reason !== 'not_enough_stock') return false;
    const room = Math.min(failure.available - failure.in_cart, MAX_LINE_QUANTITY);
    if (!(room > 0 && room < line.quantity)) return false;
    try {
      await postLine({ ...line, quantity: room }, `${key}-left`);
      return true;
    } catch {
      return false;
    }
  },
  // Say so when a line could not move over (sold out, withdrawn): it is not silently lost.
  afterMerge: (refused) => {
    if (refused > 0) toast.error(CART_MESSAGES.addFailed);
  },
  // While later calls are queued, only the server's line ids are taken over (PATCH needs them). Not the
  // variant the server chose for a line added without one: that would change the line's key under the
  // queued calls' undo; the server's cart replaces the local one when the queue is done.
  reconcile: (local, server) =>
    local.map((item) => {
      const id = item.id ?? server.find((line) => isSameLine(line, item.product.id, item))?.id;
      return id === item.id ? item : { ...item, id };
    }),
});

/** Starts the cart sync (the layout after hydration, the cart and checkout pages); resolves when the current run is done. */
export const startCartSync = (): Promise<void> => cartSync.start();

/** Reloads the server's cart (after a failed call, so the screen shows what the server really holds). */
export const refreshCartFromServer = (userId: string): Promise<void> => cartSync.refresh(userId);

/**
 * docs/product.md §4: a profile loaded elsewhere (the account page) replaces the local cart too — after a guest's
 * lines, if any, are on their way to the server.
 */
export function receiveProfile(profile: Profile) {
  cartSync.receive(fromProfile(profile));
}
