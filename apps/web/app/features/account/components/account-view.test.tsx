// @vitest-environment happy-dom
import type { SavedAddress } from '@shop/contracts/account';
import type { PublicUser } from '@shop/contracts/auth';
import type { Profile } from '@shop/contracts/cart';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeJsonApi, jsonResponse } from '../../../lib/testing/fake-json-api.ts';
import { login, logout, sessionStore } from '../../auth/index.ts';
import { AccountView } from './account-view.tsx';

const user: PublicUser = {
  id: 'user-1',
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'customer',
  name: 'Ada Lovelace',
};
const emptyCart = { id: 'cart-1', cart_items: [], total_items: 0, total_price: 0 };

let api: ReturnType<typeof fakeJsonApi>;
let me: PublicUser;
let book: SavedAddress[];
let loaded: Profile[];

let client = createQueryClient();
function Account() {
  return (
    <QueryClientProvider client={client}>
      <AccountView onProfile={(p) => loaded.push(p)} />
    </QueryClientProvider>
  );
}
const HomeStub = () => <p>Home page</p>;

function renderAccount() {
  client = createQueryClient();
  const Stub = createRoutesStub([
    { path: '/account', Component: Account },
    { path: '/', Component: HomeStub },
  ]);
  render(<Stub initialEntries={['/account']} />);
}

const region = (name: string) => screen.getByRole('region', { name });
const storedAuth = () => JSON.parse(localStorage.getItem('auth') ?? 'null');

async function signedInAccount() {
  login(user, { access: 'access-1', refresh: 'refresh-1' });
  renderAccount();
  await screen.findByRole('region', { name: 'Edit profile' }, { timeout: 5000 });
}

beforeEach(() => {
  me = { ...user };
  loaded = [];
  book = [];
  api = fakeJsonApi({
    'GET users/me': () => jsonResponse(200, { ...me, cart: emptyCart }),
    'PATCH users/me': ({ body }) => {
      me = { ...me, ...(body as Partial<PublicUser>) };
      me.name = `${me.first_name} ${me.last_name}`;
      return jsonResponse(200, me);
    },
    'POST users/me/password': ({ body }) =>
      (body as { current_password: string }).current_password === 'Old-Passw0rd'
        ? jsonResponse(200, { access: 'access-2', refresh: 'refresh-2' })
        : jsonResponse(400, { message: 'Current password is incorrect', code: 'BAD_REQUEST' }),
    'POST users/me/email': ({ body }) => {
      const { email, current_password } = body as { email: string; current_password: string };
      return current_password === 'Old-Passw0rd'
        ? jsonResponse(202, { message: `We sent a confirmation link to ${email}.` })
        : jsonResponse(400, { message: 'Current password is incorrect', code: 'BAD_REQUEST' });
    },
    'GET users/me/addresses': () => jsonResponse(200, book),
    'POST users/me/addresses': ({ body }) => {
      const input = body as Omit<SavedAddress, 'id' | 'is_default'> & { is_default?: boolean };
      const saved = { ...input, id: `addr-${book.length + 1}`, is_default: input.is_default ?? book.length === 0 };
      book.push(saved);
      return jsonResponse(201, saved);
    },
    'DELETE users/me': ({ body }) =>
      (body as { password: string }).password === 'Old-Passw0rd'
        ? jsonResponse(204)
        : jsonResponse(400, { message: 'Password is incorrect', code: 'BAD_REQUEST' }),
  });
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => {
  cleanup();
  logout();
  vi.unstubAllGlobals();
});

describe('AccountView', () => {
  it('asks a signed-out visitor to sign in and loads nothing', async () => {
    renderAccount();
    expect(await screen.findByRole('heading', { name: 'Sign in to see your account' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('shows the profile from the server and hands it on (docs/product.md §4 cart)', async () => {
    await signedInAccount();
    expect(screen.getByTestId('account-name').textContent).toBe('Ada Lovelace');
    expect(within(region('Edit profile')).queryByLabelText('Email')).toBeNull();
    expect(region('Change e-mail').textContent).toContain(`You sign in with ${user.email}`);
    expect(loaded).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Your orders' }).getAttribute('href')).toBe('/orders');
  });

  it('shows no role to a customer, and their role to staff', async () => {
    await signedInAccount();
    expect(screen.queryByTestId('account-role')).toBeNull();
    expect(region('Profile').textContent).not.toContain('Customer');
    cleanup();

    me = { ...user, role: 'staff' };
    await signedInAccount();
    expect(screen.getByTestId('account-role').textContent).toBe('Staff');
  });

  it('saves the profile: trimmed, shown at once, and the stored session user follows', async () => {
    await signedInAccount();
    const form = region('Edit profile');
    fireEvent.change(within(form).getByLabelText('First Name'), { target: { value: '  Grace ' } });
    fireEvent.change(within(form).getByLabelText('Last Name'), { target: { value: 'Hopper' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Your profile was saved.');
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      username: 'ada',
    });
    expect(screen.getByTestId('account-name').textContent).toBe('Grace Hopper');
    expect(storedAuth()).toMatchObject({
      user: { first_name: 'Grace', last_name: 'Hopper' },
      tokens: { access: 'access-1' },
    });
    expect(sessionStore.getState().user?.name).toBe('Grace Hopper');
  });

  it('asks to change the e-mail with the current password and shows the API’s answer', async () => {
    await signedInAccount();
    const form = region('Change e-mail');
    const fill = (label: string, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fill('New email', 'grace@example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Change email' }));
    expect(await within(form).findByText('Current password is required')).toBeTruthy();
    expect(api.calls.some((c) => c.path === 'users/me/email')).toBe(false);

    fill('Current password', 'Wrong-Passw0rd');
    fireEvent.click(within(form).getByRole('button', { name: 'Change email' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Current password is incorrect');

    fill('Current password', 'Old-Passw0rd');
    fireEvent.click(within(form).getByRole('button', { name: 'Change email' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'We sent a confirmation link to grace@example.com.',
    );
    expect(api.calls.filter((c) => c.path === 'users/me/email').at(-1)?.body).toEqual({
      email: 'grace@example.com',
      current_password: 'Old-Passw0rd',
    });
    // Nothing changes until the link is opened.
    expect(screen.getByTestId('account-email').textContent).toBe(user.email);
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('refuses a name with markup by the sign-up rule, without calling the API', async () => {
    await signedInAccount();
    const form = region('Edit profile');
    fireEvent.change(within(form).getByLabelText('First Name'), { target: { value: '<b>Ada</b>' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(
      await within(form).findByText(
        'First name may only contain letters, spaces, apostrophes, hyphens, periods and commas',
      ),
    ).toBeTruthy();
    expect(within(form).getByLabelText('First Name').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('changes the password and keeps this browser signed in with the new tokens', async () => {
    await signedInAccount();
    const form = region('Change password');
    const fill = (label: string, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fill('Current password', 'Old-Passw0rd');
    fill('New password', 'New-Passw0rd');
    fill('Confirm new password', 'Other-Passw0rd');
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Passwords do not match')).toBeTruthy();
    expect(api.calls.some((c) => c.path === 'users/me/password')).toBe(false);

    fill('Confirm new password', 'New-Passw0rd');
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Your password was changed. Other devices were signed out.',
    );
    expect(api.calls.find((c) => c.path === 'users/me/password')?.body).toEqual({
      current_password: 'Old-Passw0rd',
      new_password: 'New-Passw0rd',
    });
    expect(storedAuth().tokens).toEqual({ access: 'access-2', refresh: 'refresh-2' });
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('shows the API’s answer to a wrong current password', async () => {
    await signedInAccount();
    const form = region('Change password');
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'Wrong-Passw0rd' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'New-Passw0rd' } });
    fireEvent.change(within(form).getByLabelText('Confirm new password'), { target: { value: 'New-Passw0rd' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Current password is incorrect');
    expect(storedAuth().tokens.access).toBe('access-1');
  });

  it('adds an address; a first address leaves the default to the API', async () => {
    await signedInAccount();
    const addresses = region('Address book');
    expect(await within(addresses).findByText('You have no saved addresses yet.')).toBeTruthy();
    fireEvent.click(within(addresses).getByRole('button', { name: 'Add address' }));
    const form = within(addresses).getByRole('form', { name: 'New address' });
    const fill = (label: string, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fill('Full name', 'Ada Lovelace');
    fill('Address', '12 Analytical Way');
    fill('City', 'London');
    fill('Country', 'gb');
    fill('Postcode', 'n1 9gu');
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect((await within(addresses).findByRole('status')).textContent).toBe('The address was saved.');
    const body = api.calls.find((c) => c.method === 'POST' && c.path === 'users/me/addresses')?.body;
    expect(body).toMatchObject({ name: 'Ada Lovelace', country: 'GB', postal_code: 'N1 9GU', line2: '' });
    expect(body).not.toHaveProperty('is_default');
    const card = await within(addresses).findByRole('listitem', { name: 'Ada Lovelace' });
    expect(card.textContent).toContain('Default');
    expect(card.textContent).toContain('LondonN1 9GUUnited Kingdom');
  });

  it('deletes the account only with the right password, then signs out and goes home', async () => {
    await signedInAccount();
    fireEvent.click(within(region('Delete account')).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' }, { timeout: 5000 });
    expect(dialog.textContent).toContain('Your orders are kept for our records, anonymised');

    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'Wrong-Passw0rd' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Password is incorrect');
    expect(storedAuth()).not.toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'Old-Passw0rd' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    await waitFor(() => expect(storedAuth()).toBeNull());
    expect(sessionStore.getState().isAuthenticated).toBe(false);
  });
});
