// @vitest-environment happy-dom
import type { PublicUser } from '@shop/contracts/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, logout } from '../auth/index.ts';
import { type FakeCartApi, fakeCartApi } from '../cart/testing/fake-cart-api.ts';
import { toggleWishlist } from './actions.ts';
import { WISHLIST_STORAGE_KEY, type WishlistProduct, wishlistStore } from './wishlist-store.ts';
import { startWishlistSync } from './wishlist-sync.ts';

const ada: PublicUser = {
  id: 'user-ada',
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'customer',
  name: 'Ada Lovelace',
};
const phone: WishlistProduct = { id: 'p-phone', name: 'Phone', sale_price: 199.99 };
const lamp: WishlistProduct = { id: 'p-lamp', name: 'Lamp', sale_price: 25 };
const book: WishlistProduct = { id: 'p-book', name: 'Book', sale_price: 12.5 };

let server: FakeCartApi;
const local = () => wishlistStore.getState().items.map((p) => p.id);
const onServer = () => server.wishlist().map((p) => p.id);
const signIn = () => login(ada, { access: 'access-ada', refresh: 'refresh-ada' });

beforeEach(async () => {
  server = fakeCartApi(ada);
  for (const p of [phone, lamp, book]) server.addProduct(p);
  vi.stubGlobal('fetch', server.fetch);
  logout();
  await startWishlistSync();
  wishlistStore.setState({ items: [], ownerId: null, loaded: true });
});

afterEach(() => {
  logout();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('wishlist', () => {
  it('keeps a guest’s list in this browser: toggle saves, toggle again removes', async () => {
    expect(await toggleWishlist(phone)).toBe(true);
    expect(await toggleWishlist(lamp)).toBe(true);
    expect(local()).toEqual(['p-lamp', 'p-phone']);
    expect(JSON.parse(localStorage.getItem(WISHLIST_STORAGE_KEY)!).items).toHaveLength(2);
    expect(await toggleWishlist(phone)).toBe(false);
    expect(local()).toEqual(['p-lamp']);
    expect(server.calls).toEqual([]);
  });

  it('merges the guest’s list into the server’s at sign-in, then shows the server’s', async () => {
    await toggleWishlist(phone);
    await toggleWishlist(lamp);
    server.setWishlist([book]);
    signIn();
    await startWishlistSync();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { product_id: 'p-phone' },
      { product_id: 'p-lamp' },
    ]);
    // Newest first, as saved: the guest's order is kept.
    expect(onServer()).toEqual(['p-lamp', 'p-phone', 'p-book']);
    expect(local()).toEqual(onServer());
    expect(wishlistStore.getState().ownerId).toBe('user-ada');
  });

  it('saves and removes on the server when signed in; a failure undoes the change', async () => {
    signIn();
    await startWishlistSync();
    expect(await toggleWishlist(book)).toBe(true);
    expect(onServer()).toEqual(['p-book']);
    expect(await toggleWishlist(book)).toBe(false);
    expect(onServer()).toEqual([]);

    server.failures.set('POST wishlist', 422);
    expect(await toggleWishlist(lamp)).toBe(false);
    expect(local()).toEqual([]);
  });

  it('clears a user’s list from this browser at sign-out', async () => {
    server.setWishlist([book]);
    signIn();
    await startWishlistSync();
    expect(local()).toEqual(['p-book']);
    logout();
    await startWishlistSync();
    expect(local()).toEqual([]);
    expect(wishlistStore.getState().ownerId).toBeNull();
  });
});
