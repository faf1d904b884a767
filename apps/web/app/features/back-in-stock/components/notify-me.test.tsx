// @vitest-environment happy-dom
import type { PublicUser } from '@shop/contracts/auth';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJsonApi, jsonResponse } from '../../../lib/testing/fake-json-api.ts';
import { login, logout } from '../../auth/index.ts';
import NotifyMe from './notify-me.tsx';

const PRODUCT = 'p-out';
const user: PublicUser = {
  id: 'user-1',
  email: 'grace@example.com',
  username: 'grace',
  first_name: 'Grace',
  last_name: 'Hopper',
  role: 'customer',
  name: 'Grace Hopper',
};

let api: ReturnType<typeof fakeJsonApi>;
let subscribed = false;

beforeEach(() => {
  subscribed = false;
  api = fakeJsonApi({
    [`GET products/${PRODUCT}/subscription`]: () => jsonResponse(200, { subscribed }),
    [`POST products/${PRODUCT}/subscribe`]: () => {
      subscribed = true;
      return jsonResponse(200, { subscribed });
    },
    [`DELETE products/${PRODUCT}/subscribe`]: () => {
      subscribed = false;
      return jsonResponse(200, { subscribed });
    },
  });
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => {
  cleanup();
  logout();
  vi.unstubAllGlobals();
});

const button = () => screen.getByRole('button', { name: "Notify me when it's back" });

describe('NotifyMe', () => {
  it('asks a guest to sign in, without calling the API', async () => {
    render(<NotifyMe productId={PRODUCT} />);
    fireEvent.click(button());
    expect(await screen.findByText("Sign in and we'll e-mail you when it's back in stock.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('subscribes a signed-in shopper, says so, and cancels on request', async () => {
    login(user, { access: 'access-1', refresh: 'refresh-1' });
    render(<NotifyMe productId={PRODUCT} />);
    fireEvent.click(button());
    expect(await screen.findByText("We'll e-mail you when it's back in stock.")).toBeTruthy();
    expect(subscribed).toBe(true);
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({ path: `products/${PRODUCT}/subscribe`, authorization: 'Bearer access-1' });

    fireEvent.click(screen.getByRole('button', { name: "Don't notify me" }));
    expect(await screen.findByText("You won't get an e-mail about this product.")).toBeTruthy();
    expect(subscribed).toBe(false);
    expect(button()).toBeTruthy();
  });

  it('subscribes to the chosen sold-out variant: its id in the body', async () => {
    login(user, { access: 'access-1', refresh: 'refresh-1' });
    render(<NotifyMe productId={PRODUCT} variantId="variant-red-m" />);
    fireEvent.click(button());
    expect(await screen.findByText("We'll e-mail you when it's back in stock.")).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: `products/${PRODUCT}/subscribe`,
      body: { variant_id: 'variant-red-m' },
    });
  });

  it('subscribes to the product without a body when no variant is chosen', async () => {
    login(user, { access: 'access-1', refresh: 'refresh-1' });
    render(<NotifyMe productId={PRODUCT} />);
    fireEvent.click(button());
    expect(await screen.findByText("We'll e-mail you when it's back in stock.")).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toBeUndefined();
  });

  it('shows an existing subscription when the page opens', async () => {
    subscribed = true;
    login(user, { access: 'access-1', refresh: 'refresh-1' });
    render(<NotifyMe productId={PRODUCT} />);
    expect(await screen.findByText("We'll e-mail you when it's back in stock.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Notify me when it's back" })).toBeNull();
  });

  it('shows the API’s answer when subscribing is refused', async () => {
    api.handlers[`POST products/${PRODUCT}/subscribe`] = () =>
      jsonResponse(422, { message: 'This product is in stock', code: 'UNPROCESSABLE' });
    login(user, { access: 'access-1', refresh: 'refresh-1' });
    render(<NotifyMe productId={PRODUCT} />);
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe('This product is in stock');
    expect(button()).toBeTruthy();
  });
});
