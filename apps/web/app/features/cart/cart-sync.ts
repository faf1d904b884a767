import type { Cart, Profile } from '@shop/contracts/cart';
import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import toast from 'react-hot-toast';
import { errorBodyOf, statusOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { sessionStore, syncSessionFromStorage } from '../auth/index.ts';
import {
  CART_STORAGE_KEY,
  cartStore,
  loadCartFromStorage,
  type PendingMerge,
  replaceCart,
  setPendingMerge,
} from './cart-store.ts';
import { CART_MESSAGES } from './messages.ts';
import { applyProfileCart, cartQueue, signedInUserId } from './server-cart.ts';

let started = false;
let current: Promise<void> = Promise.resolve();
let lastUserId: string | null | undefined;

/**
 * Keeps the browser's cart and the server's in step (spec §4), started by the layout after hydration
 * and by every cart action (whichever comes first; later calls change nothing):
 * - the saved cart is read from localStorage;
 * - signed in: a guest's lines are sent to the server (each with its own Idempotency-Key), then the
 *   profile is loaded and its cart replaces the local one, owned by the user;
 * - signed out: a cart that belonged to a user is cleared from this browser;
 * - again on every sign-in, sign-out or change of user, and when another tab changes the cart.
 * Resolves when the current run is done.
 */
export function startCartSync(): Promise<void> {
  if (started) return current;
  started = true;
  // The layout does this on every route change; doing it here too means the cart never waits for it.
  syncSessionFromStorage();
  loadCartFromStorage();
  sessionStore.subscribe(() => {
    if (signedInUserId() !== lastUserId) current = runSync();
  });
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY) loadCartFromStorage();
  });
  current = runSync();
  return current;
}

/**
 * Called by every cart action before it touches the cart: makes sure the saved cart is loaded and that
 * a signed-in user's cart is claimed (a guest's lines queued for the server) before the action's own
 * call is queued — so those lines go to the server exactly once.
 */
export function ensureCartSync() {
  if (!started) {
    startCartSync();
    return;
  }
  const userId = signedInUserId();
  if (userId && cartStore.getState().ownerId !== userId) current = runSync();
}

function runSync(): Promise<void> {
  const userId = signedInUserId();
  lastUserId = userId;
  const state = cartStore.getState();
  if (!userId) {
    // A signed-in user's cart stays on the server; this browser forgets it at sign-out.
    if (state.ownerId !== null || state.merge) {
      replaceCart([], null);
      setPendingMerge(null);
    }
    return Promise.resolve();
  }
  claim(userId);
  return cartQueue
    .run(async () => {
      await sendPendingMerge(userId);
      return api.get('users/me').json<Profile>();
    })
    .then(applyProfileCart)
    .catch(() => {
      // Offline or signed out meanwhile: the local cart stays as it is and the next run tries again.
    });
}

/**
 * Synchronously takes the local cart over for `userId`: a guest's lines become a pending merge (the
 * lines stay visible until the server's cart replaces them); another user's lines are dropped.
 */
function claim(userId: string) {
  const { ownerId, items, merge } = cartStore.getState();
  if (ownerId === userId) return;
  if (ownerId === null && items.length > 0) {
    const lines: PendingMerge['lines'] = items.map((item) => ({
      productId: item.product.id,
      quantity: Math.min(item.quantity, MAX_LINE_QUANTITY),
      color: item.color ?? null,
      size: item.size ?? null,
      key: newKey(),
    }));
    // Lines of an unfinished merge for the same user (a page closed halfway) keep their keys.
    const earlier = merge?.userId === userId ? merge.lines : [];
    setPendingMerge({ userId, lines: [...earlier, ...lines] }, userId);
    return;
  }
  if (ownerId !== null) replaceCart([], userId);
  setPendingMerge(merge?.userId === userId ? merge : null, userId);
}

/** crypto.randomUUID exists only in secure contexts; a shop served over plain http needs keys too. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Sends the pending guest lines; each one leaves the pending list once the server has it. */
async function sendPendingMerge(userId: string) {
  const merge = cartStore.getState().merge;
  if (!merge || merge.userId !== userId) return;
  let refused = 0;
  for (const line of merge.lines) {
    const body = { product_id: line.productId, quantity: line.quantity, color: line.color, size: line.size };
    try {
      await postLine(body, line.key);
    } catch (error) {
      const status = statusOf(error);
      // No answer or a server fault: stop here and keep the rest for the next run (same keys).
      if (status === undefined || status >= 500 || status === 401 || status === 403) throw error;
      if (!(await retryWithWhatIsLeft(error, body, line.key))) refused++;
    }
    const now = cartStore.getState().merge;
    if (now) setPendingMerge({ ...now, lines: now.lines.filter((l) => l.key !== line.key) });
  }
  setPendingMerge(null);
  // Say so when a line could not move over (sold out, withdrawn): it is not silently lost.
  if (refused > 0) toast.error(CART_MESSAGES.addFailed);
}

interface LineBody {
  product_id: string;
  quantity: number;
  color: string | null;
  size: string | null;
}

function postLine(body: LineBody, key: string) {
  return api
    .post('products/add-to-cart', {
      json: {
        product_id: body.product_id,
        quantity: body.quantity,
        ...(body.color ? { color: body.color } : {}),
        ...(body.size ? { size: body.size } : {}),
      },
      headers: { 'idempotency-key': key },
    })
    .json<Cart>();
}

/** When the stock cannot cover the guest's quantity, the server says how many are left: take those. */
async function retryWithWhatIsLeft(error: unknown, body: LineBody, key: string): Promise<boolean> {
  if (statusOf(error) !== 422) return false;
  const { details } = await errorBodyOf(error);
  const available = Number(details?.available ?? 0);
  const inCart = Number(details?.in_cart ?? 0);
  const room = Math.min(available - inCart, MAX_LINE_QUANTITY);
  if (!(room > 0 && room < body.quantity)) return false;
  try {
    await postLine({ ...body, quantity: room }, `${key}-left`);
    return true;
  } catch {
    return false;
  }
}

/** Reloads the server's cart (after a failed call, so the screen shows what the server really holds). */
export function refreshCartFromServer(userId: string): Promise<void> {
  return cartQueue
    .run(() => api.get('users/me').json<Profile>())
    .then((profile) => {
      if (profile.id === userId) applyProfileCart(profile);
    })
    .catch(() => undefined);
}

/**
 * spec §4: a profile loaded elsewhere (the account page) replaces the local cart too — after a guest's
 * lines, if any, are on their way to the server.
 */
export function receiveProfile(profile: Profile) {
  ensureCartSync();
  applyProfileCart(profile);
}
