// @vitest-environment happy-dom
import type { PublicUser } from '@shop/contracts/auth';
import { type Product, product } from '@shop/contracts/catalog';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiError, apiServer, json } from '../../lib/testing/api-server.ts';
import { login, logout } from '../auth/index.ts';
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

/** GET/POST/DELETE wishlist answers: the list of products, newest first (packages/contracts engagement.ts). */
const listOf = (products: WishlistProduct[]): Product[] =>
  products.map((p) =>
    product.parse({
      id: p.id,
      slug: `slug-${p.id}`,
      name: p.name,
      description: '',
      category: 'c',
      subcategory: null,
      brand: null,
      sale_price: p.sale_price,
      regular_price: p.sale_price,
      percentage_discount: 0,
      tax_class: 'standard',
      images: [`/media/${p.id}.svg`],
      colors: [],
      available_sizes: [],
      features: [],
      available: 100,
      in_stock: true,
      published: true,
      rating: 0,
      rating_count: 0,
      date_added: '2026-01-01T00:00:00.000Z',
      modified_by: null,
      modified_date: '2026-01-01T00:00:00.000Z',
    }),
  );

const server = apiServer();
const local = () => wishlistStore.getState().items.map((p) => p.id);
const signIn = () => login(ada, { access: 'access-ada', refresh: 'refresh-ada' });

beforeAll(() => server.listen());
afterAll(() => server.close());

beforeEach(async () => {
  logout();
  await startWishlistSync();
  wishlistStore.setState({ items: [], ownerId: null, merge: null, loaded: true });
});

afterEach(() => {
  logout();
  server.reset();
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
    // The server held a book; after the guest's products it lists all three, newest first.
    const after = listOf([lamp, phone, book]);
    server.on('POST', 'wishlist', () => json(201, after));
    server.on('GET', 'wishlist', () => json(200, after));
    signIn();
    await startWishlistSync();
    // Oldest first, so the guest's order is kept.
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { product_id: 'p-phone' },
      { product_id: 'p-lamp' },
    ]);
    expect(local()).toEqual(['p-lamp', 'p-phone', 'p-book']);
    expect(wishlistStore.getState().ownerId).toBe('user-ada');
  });

  it('saves and removes on the server when signed in; a failure undoes the change', async () => {
    server.on('GET', 'wishlist', () => json(200, []));
    signIn();
    await startWishlistSync();
    server.on('POST', 'wishlist', () => json(201, listOf([book])));
    expect(await toggleWishlist(book)).toBe(true);
    expect(server.calls.at(-1)).toMatchObject({ method: 'POST', path: 'wishlist', body: { product_id: 'p-book' } });
    expect(local()).toEqual(['p-book']);
    server.on('DELETE', 'wishlist/:id', () => json(200, []));
    expect(await toggleWishlist(book)).toBe(false);
    expect(server.calls.at(-1)).toMatchObject({ method: 'DELETE', path: 'wishlist/p-book' });
    expect(local()).toEqual([]);

    server.on('POST', 'wishlist', () => apiError(422, 'Refused', 'X'));
    expect(await toggleWishlist(lamp)).toBe(false);
    expect(local()).toEqual([]);
  });

  it('clears a user’s list from this browser at sign-out', async () => {
    server.on('GET', 'wishlist', () => json(200, listOf([book])));
    signIn();
    await startWishlistSync();
    expect(local()).toEqual(['p-book']);
    logout();
    await startWishlistSync();
    expect(local()).toEqual([]);
    expect(wishlistStore.getState().ownerId).toBeNull();
  });
});
