// @vitest-environment happy-dom
import type { PublicUser } from '@shop/contracts/auth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiError, apiServer, json } from '../../lib/testing/api-server.ts';
import { login, logout } from '../auth/index.ts';
import { addToCart } from './actions.ts';
import { CART_STORAGE_KEY, type CartProduct, cartStore, loadCartFromStorage } from './cart-store.ts';
import { startCartSync } from './cart-sync.ts';
import { cartLine, cartOf, profileOf } from './testing/wire.ts';

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

const server = apiServer();
const local = () => cartStore.getState().items.map((i) => [i.product.id, i.quantity]);
const sent = (path: string) => server.calls.filter((c) => c.path === path);
const signIn = (user: PublicUser) => login(user, { access: `access-${user.id}`, refresh: `refresh-${user.id}` });

beforeAll(() => server.listen());
afterAll(() => server.close());

beforeEach(async () => {
  logout();
  await startCartSync();
  cartStore.setState({ items: [], ownerId: null, merge: null, loaded: true });
});

afterEach(() => {
  logout();
  server.reset();
  localStorage.clear();
});

describe('cart sync (docs/product.md §4)', () => {
  it('sends a guest cart to the server at sign-in, then shows the server cart as the user’s', async () => {
    await addToCart(phone, 2);
    await addToCart(lamp, 1, { color: 'Red' });
    // The server held a book; after the guest's lines it holds all three.
    const after = [cartLine('line-1', book, 1), cartLine('line-2', phone, 2), cartLine('line-3', lamp, 1)];
    server.on('POST', 'products/add-to-cart', () => json(200, cartOf(after)));
    server.on('GET', 'users/me', () => json(200, profileOf(ada, after)));

    signIn(ada);
    await startCartSync();

    const adds = sent('products/add-to-cart');
    expect(adds.map((c) => c.body)).toEqual([
      { product_id: 'p-phone', quantity: 2 },
      { product_id: 'p-lamp', quantity: 1, color: 'Red' },
    ]);
    // Each line with its own Idempotency-Key: a retry can never add it twice.
    expect(new Set(adds.map((c) => c.idempotencyKey)).size).toBe(2);
    expect(adds.every((c) => c.authorization === 'Bearer access-user-ada')).toBe(true);
    // The profile's cart replaced the local one, with the server's line ids.
    expect(local()).toEqual([
      ['p-book', 1],
      ['p-phone', 2],
      ['p-lamp', 1],
    ]);
    expect(cartStore.getState()).toMatchObject({ ownerId: 'user-ada', merge: null });
    expect(cartStore.getState().items.every((i) => i.id?.startsWith('line-'))).toBe(true);
  });

  it('sends each guest line with its variant: two sizes of one product are two lines', async () => {
    const shirt: CartProduct = { id: 'p-shirt', name: 'Shirt', sale_price: 20 };
    await addToCart(shirt, 1, { variantId: 'v-m', sku: 'shirt-m', options: ['M'], size: 'M' });
    await addToCart(shirt, 2, { variantId: 'v-l', sku: 'shirt-l', options: ['L'], size: 'L' });
    expect(local()).toEqual([
      ['p-shirt', 1],
      ['p-shirt', 2],
    ]);
    const after = [
      cartLine('line-1', shirt, 1, { size: 'M', variantId: 'v-m' }),
      cartLine('line-2', shirt, 2, { size: 'L', variantId: 'v-l' }),
    ];
    server.on('POST', 'products/add-to-cart', () => json(200, cartOf(after)));
    server.on('GET', 'users/me', () => json(200, profileOf(ada, after)));

    signIn(ada);
    await startCartSync();

    expect(sent('products/add-to-cart').map((c) => c.body)).toEqual([
      { product_id: 'p-shirt', variant_id: 'v-m', quantity: 1, size: 'M' },
      { product_id: 'p-shirt', variant_id: 'v-l', quantity: 2, size: 'L' },
    ]);
    expect(cartStore.getState().items.map((i) => [i.id, i.variantId, i.options])).toEqual([
      ['line-1', 'v-m', ['M']],
      ['line-2', 'v-l', ['L']],
    ]);
  });

  it('replaces the local cart by the server’s when the profile loads, without sending an owned cart again', async () => {
    server.on('GET', 'users/me', () => json(200, profileOf(ada, [cartLine('line-1', lamp, 4)])));
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
    const after = [cartLine('line-1', phone, 2), cartLine('line-2', lamp, 3)];
    server.on('POST', 'products/add-to-cart', () => json(200, cartOf(after)));
    server.on('GET', 'users/me', () => json(200, profileOf(ada, after)));
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ items: [{ product: phone, quantity: 2 }], ownerId: 'user-ada', merge }),
    );
    loadCartFromStorage();
    signIn(ada);
    await startCartSync();
    // The first line again with its first key (the API answers a repeated key with its first answer).
    expect(sent('products/add-to-cart').map((c) => [c.idempotencyKey, c.body])).toEqual([
      ['key-1', { product_id: 'p-phone', quantity: 2 }],
      ['key-2', { product_id: 'p-lamp', quantity: 3 }],
    ]);
    expect(local()).toEqual([
      ['p-phone', 2],
      ['p-lamp', 3],
    ]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).merge).toBeNull();
  });

  it('takes what is left when the stock cannot cover a guest line, and skips a withdrawn product', async () => {
    await addToCart(phone, 5);
    await addToCart({ id: 'p-gone', name: 'Gone', sale_price: 1 }, 1);
    const after = [cartLine('line-1', phone, 3)];
    server.on('POST', 'products/add-to-cart', ({ body }) => {
      const { product_id, quantity } = body as { product_id: string; quantity: number };
      if (product_id === 'p-gone') return apiError(404, 'Product not found', 'NOT_FOUND');
      // The server has 3 phones left: more is refused with the stock figures (as the API does).
      if (quantity > 3) {
        return apiError(422, 'Only 3 left in stock', 'BUSINESS_RULE', { available: 3, in_cart: 0 });
      }
      return json(200, cartOf(after));
    });
    server.on('GET', 'users/me', () => json(200, profileOf(ada, after)));
    signIn(ada);
    await startCartSync();
    expect(sent('products/add-to-cart').map((c) => c.body)).toEqual([
      { product_id: 'p-phone', quantity: 5 },
      { product_id: 'p-phone', quantity: 3 },
      { product_id: 'p-gone', quantity: 1 },
    ]);
    expect(local()).toEqual([['p-phone', 3]]);
  });

  it('clears a user’s cart from this browser at sign-out, and never shows it to the next user', async () => {
    server.on('GET', 'users/me', () => json(200, profileOf(ada, [cartLine('line-1', lamp, 2)])));
    signIn(ada);
    await startCartSync();
    expect(local()).toEqual([['p-lamp', 2]]);

    logout();
    await startCartSync();
    expect(local()).toEqual([]);
    expect(cartStore.getState().ownerId).toBeNull();

    // Bob signs in on a device that still holds Ada's lines (say, storage edited by another tab).
    cartStore.setState({ items: [{ product: lamp, quantity: 2 }], ownerId: 'user-ada' });
    server.reset();
    server.on('GET', 'users/me', () => json(200, profileOf(bob, [])));
    signIn(bob);
    // Ada's lines are gone at once, before the server answers, and were not sent as Bob's.
    expect(local()).toEqual([]);
    await startCartSync();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET users/me']);
    expect(cartStore.getState().ownerId).toBe('user-bob');
  });
});
