// @vitest-environment happy-dom
import type { PublicUser } from '@shop/contracts/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, logout } from '../auth/index.ts';
import { addToCart } from './actions.ts';
import { CART_STORAGE_KEY, type CartProduct, cartStore, loadCartFromStorage } from './cart-store.ts';
import { startCartSync } from './cart-sync.ts';
import { type FakeCartApi, fakeCartApi } from './testing/fake-cart-api.ts';

const ada: PublicUser = {
  id: 'user-ada',
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'customer',
  name: 'Ada Lovelace',
};
const bob: PublicUser = { ...ada, id: 'user-bob', email: 'bob@example.com', username: 'bob', name: 'Bob B' };
const phone: CartProduct = { id: 'p-phone', name: 'Phone', sale_price: 199.99 };
const lamp: CartProduct = { id: 'p-lamp', name: 'Lamp', sale_price: 25 };
const book: CartProduct = { id: 'p-book', name: 'Book', sale_price: 12.5 };

let server: FakeCartApi;
const local = () => cartStore.getState().items.map((i) => [i.product.id, i.quantity]);
const onServer = () => server.lines().map((l) => [l.product.id, l.quantity]);
const signIn = (user: PublicUser) => login(user, { access: `access-${user.id}`, refresh: `refresh-${user.id}` });

beforeEach(async () => {
  server = fakeCartApi(ada);
  for (const p of [phone, lamp, book]) server.addProduct(p);
  vi.stubGlobal('fetch', server.fetch);
  logout();
  await startCartSync();
  cartStore.setState({ items: [], ownerId: null, merge: null, loaded: true });
});

afterEach(() => {
  logout();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('cart sync (spec §4)', () => {
  it('sends a guest cart to the server at sign-in, then shows the server cart as the user’s', async () => {
    await addToCart(phone, 2);
    await addToCart(lamp, 1, { color: 'Red' });
    server.setLines([{ product: book, quantity: 1 }]);

    signIn(ada);
    await startCartSync();

    const adds = server.calls.filter((c) => c.path === 'products/add-to-cart');
    expect(adds.map((c) => c.body)).toEqual([
      { product_id: 'p-phone', quantity: 2 },
      { product_id: 'p-lamp', quantity: 1, color: 'Red' },
    ]);
    // Each line with its own Idempotency-Key: a retry can never add it twice.
    expect(new Set(adds.map((c) => c.idempotencyKey)).size).toBe(2);
    expect(adds.every((c) => c.authorization === 'Bearer access-user-ada')).toBe(true);
    expect(onServer()).toEqual([
      ['p-book', 1],
      ['p-phone', 2],
      ['p-lamp', 1],
    ]);
    // The profile's cart replaced the local one, with the server's line ids.
    expect(local()).toEqual(onServer());
    expect(cartStore.getState()).toMatchObject({ ownerId: 'user-ada', merge: null });
    expect(cartStore.getState().items.every((i) => i.id?.startsWith('line-'))).toBe(true);
  });

  it('replaces the local cart by the server’s when the profile loads, without sending an owned cart again', async () => {
    server.setLines([{ product: lamp, quantity: 4 }]);
    cartStore.setState({ items: [{ product: phone, quantity: 9 }], ownerId: 'user-ada' });
    signIn(ada);
    await startCartSync();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET users/me']);
    expect(local()).toEqual([['p-lamp', 4]]);
  });

  it('resends an interrupted merge with the same keys, so nothing is added twice', async () => {
    // A page closed after the first line reached the server: the pending merge is still saved.
    const merge = {
      userId: 'user-ada',
      lines: [
        { productId: 'p-phone', quantity: 2, color: null, size: null, key: 'key-1' },
        { productId: 'p-lamp', quantity: 3, color: null, size: null, key: 'key-2' },
      ],
    };
    await server.fetch(
      new Request('http://localhost/api/products/add-to-cart', {
        method: 'POST',
        headers: { 'idempotency-key': 'key-1', 'content-type': 'application/json' },
        body: JSON.stringify({ product_id: 'p-phone', quantity: 2 }),
      }),
    );
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ items: [{ product: phone, quantity: 2 }], ownerId: 'user-ada', merge }),
    );
    loadCartFromStorage();
    signIn(ada);
    await startCartSync();
    expect(server.calls.filter((c) => c.path === 'products/add-to-cart').map((c) => c.idempotencyKey)).toEqual([
      'key-1',
      'key-1',
      'key-2',
    ]);
    expect(onServer()).toEqual([
      ['p-phone', 2],
      ['p-lamp', 3],
    ]);
    expect(local()).toEqual(onServer());
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).merge).toBeNull();
  });

  it('takes what is left when the stock cannot cover a guest line, and skips a withdrawn product', async () => {
    await addToCart(phone, 5);
    await addToCart({ id: 'p-gone', name: 'Gone', sale_price: 1 }, 1);
    const original = server.fetch;
    // The server has 3 phones left: the first try is refused with the stock figures (as the API does).
    let refused = false;
    vi.stubGlobal('fetch', async (input: Request) => {
      if (!refused && new URL(input.url).pathname.endsWith('add-to-cart')) {
        refused = true;
        return new Response(
          JSON.stringify({
            message: 'Only 3 left in stock',
            code: 'BUSINESS_RULE',
            details: { available: 3, in_cart: 0 },
          }),
          { status: 422, headers: { 'content-type': 'application/json' } },
        );
      }
      return original(input);
    });
    signIn(ada);
    await startCartSync();
    expect(onServer()).toEqual([['p-phone', 3]]);
    expect(local()).toEqual([['p-phone', 3]]);
  });

  it('clears a user’s cart from this browser at sign-out, and never shows it to the next user', async () => {
    server.setLines([{ product: lamp, quantity: 2 }]);
    signIn(ada);
    await startCartSync();
    expect(local()).toEqual([['p-lamp', 2]]);

    logout();
    await startCartSync();
    expect(local()).toEqual([]);
    expect(cartStore.getState().ownerId).toBeNull();

    // Bob signs in on a device that still holds Ada's lines (say, storage edited by another tab).
    cartStore.setState({ items: [{ product: lamp, quantity: 2 }], ownerId: 'user-ada' });
    const bobServer = fakeCartApi(bob);
    vi.stubGlobal('fetch', bobServer.fetch);
    signIn(bob);
    // Ada's lines are gone at once, before the server answers, and were not sent as Bob's.
    expect(local()).toEqual([]);
    await startCartSync();
    expect(bobServer.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET users/me']);
    expect(cartStore.getState().ownerId).toBe('user-bob');
  });
});
