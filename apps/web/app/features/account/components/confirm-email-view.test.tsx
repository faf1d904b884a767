// @vitest-environment happy-dom
import type { PublicUser } from '@shop/contracts/auth';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJsonApi, jsonResponse } from '../../../lib/testing/fake-json-api.ts';
import { login, logout, sessionStore } from '../../auth/index.ts';
import { ConfirmEmailView } from './confirm-email-view.tsx';

const user: PublicUser = {
  id: 'user-1',
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'customer',
  name: 'Ada Lovelace',
};

function renderPage(token: string) {
  const Stub = createRoutesStub([
    { path: '/account/confirm-email/:token', Component: () => <ConfirmEmailView token={token} /> },
  ]);
  render(<Stub initialEntries={[`/account/confirm-email/${token}`]} />);
}

afterEach(() => {
  cleanup();
  logout();
  vi.unstubAllGlobals();
});

describe('ConfirmEmailView', () => {
  it('confirms once with the session along; the stored user takes the new address', async () => {
    const api = fakeJsonApi({
      'POST users/confirm-email': () => jsonResponse(200, { message: 'Your e-mail address is now grace@example.com.' }),
      'GET users/me': () =>
        jsonResponse(200, {
          ...user,
          email: 'grace@example.com',
          cart: { id: 'c', cart_items: [], total_items: 0, total_price: 0 },
        }),
    });
    vi.stubGlobal('fetch', api.fetch);
    login(user, { access: 'access-1', refresh: 'refresh-1' });
    renderPage('token-ok');
    expect(
      (await screen.findByText('Your e-mail address is now grace@example.com.')).closest('[role=status]'),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.path === 'users/confirm-email')).toEqual([
      { method: 'POST', path: 'users/confirm-email', body: { token: 'token-ok' }, authorization: 'Bearer access-1' },
    ]);
    await vi.waitFor(() => expect(sessionStore.getState().user?.email).toBe('grace@example.com'));
    expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe('/account');
  });

  it('shows the API’s message for a link that no longer works', async () => {
    const api = fakeJsonApi({
      'POST users/confirm-email': () =>
        jsonResponse(400, { message: 'This confirmation link has already been used.', code: 'BAD_REQUEST' }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderPage('token-used');
    expect((await screen.findByRole('alert')).textContent).toBe('This confirmation link has already been used.');
    expect(api.calls.some((c) => c.path === 'users/me')).toBe(false);
  });
});
