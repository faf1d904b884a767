// @vitest-environment happy-dom
import type { PublicUser } from '@shop/contracts/auth';
import type { CartItem } from '@shop/contracts/cart';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, apiServer, json } from '../../lib/testing/api-server.ts';
import { login, logout } from '../auth/index.ts';
import { addToCart, clearCart, removeFromCart, updateQuantity } from './actions.ts';
import { type CartProduct, cartStore } from './cart-store.ts';
import { startCartSync } from './cart-sync.ts';
import { cartLine, cartOf, profileOf } from './testing/wire.ts';

const user: PublicUser = {
  id: 'user-1',
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'customer',
  name: 'Ada Lovelace',
};
const phone: CartProduct = { id: 'p-phone', name: 'Phone', sale_price: 199.99, image: '/media/p-phone.svg' };
const lamp: CartProduct = { id: 'p-lamp', name: 'Lamp', sale_price: 25 };

const server = apiServer();
const quantities = () => cartStore.getState().items.map((i) => [i.product.id, i.quantity]);
/** What the toaster shows right now (each toast's message is a live region). */
const toastTexts = () => [...document.querySelectorAll('[role="status"]')].map((n) => n.textContent);
const refused = (status: number) => () => apiError(status, 'Refused', 'X');

beforeAll(() => server.listen());
afterAll(() => server.close());

beforeEach(() => {
  render(<Toaster />);
});

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  logout();
  server.reset();
  localStorage.clear();
});

/**
 * A shopper signs in with these lines in the server cart; the sync replaces the local cart with them.
 * Later profile loads (the refresh after a failure) answer `now()`.
 */
async function signedInWith(lines: CartItem[], now: () => CartItem[] = () => lines) {
  server.on('GET', 'users/me', () => json(200, profileOf(user, now())));
  login(user, { access: 'access-1', refresh: 'refresh-1' });
  await act(() => startCartSync());
  expect(cartStore.getState().ownerId).toBe(user.id);
  expect(quantities()).toEqual(lines.map((l) => [l.product.id, l.quantity]));
  server.calls.length = 0;
}

describe('cart actions for a guest', () => {
  beforeEach(() => {
    logout();
    cartStore.setState({ items: [], ownerId: null, merge: null, loaded: true });
  });

  it('keeps the cart in this browser only and says "Added to cart!"', async () => {
    await act(() => addToCart(phone, 2));
    await act(() => addToCart(phone, 1));
    expect(quantities()).toEqual([['p-phone', 3]]);
    expect(JSON.parse(localStorage.getItem('cart')!).items[0].quantity).toBe(3);
    expect(server.calls).toEqual([]);
    await screen.findAllByText('Added to cart!');
  });

  it('caps an add at the variant’s stock and says so, twice over, instead of "Added to cart!"', async () => {
    const stock = { variantId: 'v-phone', available: 142 };
    await act(() => addToCart(phone, 1000, stock));
    expect(quantities()).toEqual([['p-phone', 142]]);
    await waitFor(() => expect(toastTexts()).toEqual(['Only 142 left — your cart now has 142.']));
    act(() => toast.remove());
    let ok: boolean | undefined;
    await act(async () => {
      ok = await addToCart(phone, 1000, stock);
    });
    expect(ok).toBe(false);
    expect(quantities()).toEqual([['p-phone', 142]]);
    expect(JSON.parse(localStorage.getItem('cart')!).items[0]).toMatchObject({ quantity: 142, available: 142 });
    await waitFor(() => expect(toastTexts()).toEqual(['Only 142 left — your cart now has 142.']));
    expect(server.calls).toEqual([]);
  });

  it('removes and clears locally with the documented toasts', async () => {
    await act(() => addToCart(phone, 1));
    await act(() => addToCart(lamp, 1));
    await act(() => removeFromCart(phone.id));
    expect(quantities()).toEqual([['p-lamp', 1]]);
    await screen.findByText('Item removed from cart!');
    await act(() => clearCart());
    expect(quantities()).toEqual([]);
    await screen.findByText('Cart cleared!');
    expect(server.calls).toEqual([]);
  });
});

describe('cart actions when signed in', () => {
  it('adds optimistically: the local cart changes before the server answers, then takes the server ids', async () => {
    await signedInWith([cartLine('line-1', phone, 2)]);
    server.on('POST', 'products/add-to-cart', () =>
      json(200, cartOf([cartLine('line-1', phone, 2), cartLine('line-2', lamp, 3)])),
    );
    const release = server.hold();
    let done!: Promise<boolean>;
    act(() => {
      done = addToCart(lamp, 3);
    });
    // Local first (docs/product.md §4), with the progress toast.
    expect(quantities()).toEqual([
      ['p-phone', 2],
      ['p-lamp', 3],
    ]);
    await screen.findByText('Adding to cart...');
    await waitFor(() =>
      expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST products/add-to-cart']),
    );
    expect(server.calls[0]).toMatchObject({
      body: { product_id: 'p-lamp', quantity: 3 },
      authorization: 'Bearer access-1',
    });
    expect(server.calls[0]?.idempotencyKey).toBeTruthy();

    release();
    await act(async () => expect(await done).toBe(true));
    // The progress toast turned into the result: one toast, not two.
    await waitFor(() => expect(toastTexts()).toEqual(['Added to cart!']));
    expect(cartStore.getState().items.find((i) => i.product.id === 'p-lamp')?.id).toBe('line-2');
  });

  it('adds a variant with its variant_id, colour and size; updates only that variant’s line', async () => {
    const red = { variantId: 'v-red-m', sku: 'lamp-red-m', options: ['Red', 'M'], color: 'Red', size: 'M' };
    const blue = { variantId: 'v-blue-m', sku: 'lamp-blue-m', options: ['Blue', 'M'], color: 'Blue', size: 'M' };
    const redLine = cartLine('line-1', lamp, 1, red);
    await signedInWith([redLine]);
    const both = (q: number) => [cartLine('line-1', lamp, q, red), cartLine('line-2', lamp, 2, blue)];
    server.on('POST', 'products/add-to-cart', () => json(200, cartOf(both(1))));
    await act(async () => expect(await addToCart(lamp, 2, blue)).toBe(true));
    expect(server.calls[0]?.body).toEqual({
      product_id: 'p-lamp',
      variant_id: 'v-blue-m',
      quantity: 2,
      color: 'Blue',
      size: 'M',
    });
    expect(cartStore.getState().items.map((i) => [i.id, i.variantId, i.quantity])).toEqual([
      ['line-1', 'v-red-m', 1],
      ['line-2', 'v-blue-m', 2],
    ]);

    server.calls.length = 0;
    server.on('PATCH', 'products/cart-items/line-2', () =>
      json(200, cartOf([redLine, cartLine('line-2', lamp, 5, blue)])),
    );
    await act(async () => expect(await updateQuantity(lamp.id, 5, { variantId: 'v-blue-m' })).toBe(true));
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH products/cart-items/line-2']);
    expect(cartStore.getState().items.map((i) => i.quantity)).toEqual([1, 5]);
  });

  it('rolls the add back and says "Failed to add to cart!" when the server refuses', async () => {
    await signedInWith([cartLine('line-1', phone, 2)]);
    server.on('POST', 'products/add-to-cart', refused(422));
    let ok: boolean | undefined;
    await act(async () => {
      ok = await addToCart(phone, 3);
    });
    expect(ok).toBe(false);
    expect(quantities()).toEqual([['p-phone', 2]]);
    await waitFor(() => expect(toastTexts()).toEqual(['Failed to add to cart!']));
  });

  it('rolls back only its own add: a second add of the same product that succeeds stays', async () => {
    let lines: CartItem[] = [];
    await signedInWith([], () => lines);
    server.on('POST', 'products/add-to-cart', refused(500));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let first!: Promise<boolean>;
      act(() => {
        first = addToCart(phone, 1);
      });
      // A 5xx is retried 3 times (1 s, 2 s, 3 s, docs/product.md §9) before the add counts as failed.
      await act(() => vi.advanceTimersByTimeAsync(6_000));
      expect(await first).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(4);
    lines = [cartLine('line-1', phone, 2)];
    server.on('POST', 'products/add-to-cart', () => json(200, cartOf(lines)));
    await act(() => addToCart(phone, 2));
    await waitFor(() => expect(quantities()).toEqual([['p-phone', 2]]));
    expect(server.calls.at(-1)?.body).toEqual({ product_id: 'p-phone', quantity: 2 });
  });

  it('updates a line by its server id; a refusal restores the old quantity', async () => {
    let lines = [cartLine('line-1', phone, 1)];
    await signedInWith(lines, () => lines);
    lines = [cartLine('line-1', phone, 4)];
    server.on('PATCH', 'products/cart-items/:id', () => json(200, cartOf(lines)));
    await act(() => updateQuantity(phone.id, 4));
    expect(server.calls.at(-1)).toMatchObject({
      method: 'PATCH',
      path: 'products/cart-items/line-1',
      body: { quantity: 4 },
    });
    expect(quantities()).toEqual([['p-phone', 4]]);

    server.on('PATCH', 'products/cart-items/:id', refused(422));
    let ok: boolean | undefined;
    await act(async () => {
      ok = await updateQuantity(phone.id, 9);
    });
    expect(ok).toBe(false);
    expect(quantities()).toEqual([['p-phone', 4]]);
    await screen.findByText(/^Failed to update cart!/);
    // Out-of-range quantities never reach the server.
    const before = server.calls.length;
    expect(await updateQuantity(phone.id, 0)).toBe(false);
    expect(await updateQuantity(phone.id, 1.5)).toBe(false);
    expect(server.calls.length).toBe(before);
  });

  it('removes on the server with the documented toasts; a failure puts the line back in its place', async () => {
    const both = [cartLine('line-1', phone, 1), cartLine('line-2', lamp, 2)];
    await signedInWith(both);
    server.on('DELETE', 'products/remove-from-cart/:id', refused(503));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let failed!: Promise<boolean>;
    try {
      act(() => {
        failed = removeFromCart(phone.id);
      });
      expect(quantities()).toEqual([['p-lamp', 2]]);
      await act(() => vi.advanceTimersByTimeAsync(6_000));
      expect(await failed).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    expect(quantities()).toEqual([
      ['p-phone', 1],
      ['p-lamp', 2],
    ]);
    await waitFor(() => expect(toastTexts()).toContain('Failed to remove item from cart!'));

    server.on('DELETE', 'products/remove-from-cart/:id', () => json(200, cartOf([cartLine('line-2', lamp, 2)])));
    await act(() => removeFromCart(phone.id));
    expect(server.calls.at(-1)).toMatchObject({ method: 'DELETE', path: 'products/remove-from-cart/p-phone' });
    expect(quantities()).toEqual([['p-lamp', 2]]);
    await waitFor(() => expect(toastTexts()).toContain('Item removed from cart!'));
  });

  it('clears on the server with the documented toasts; a failure restores the lines', async () => {
    await signedInWith([cartLine('line-1', phone, 1)]);
    server.on('DELETE', 'products/clear-cart', refused(409));
    await act(() => clearCart());
    expect(quantities()).toEqual([['p-phone', 1]]);
    await waitFor(() => expect(toastTexts()).toContain('Failed to clear cart!'));

    server.on('DELETE', 'products/clear-cart', () => json(200, cartOf([])));
    const release = server.hold();
    let done!: Promise<boolean>;
    act(() => {
      done = clearCart();
    });
    await screen.findByText('Clearing cart...');
    release();
    await act(async () => expect(await done).toBe(true));
    expect(quantities()).toEqual([]);
    expect(server.calls.at(-1)).toMatchObject({ method: 'DELETE', path: 'products/clear-cart' });
    await waitFor(() => expect(toastTexts()).toContain('Cart cleared!'));
  });
});
