// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJsonApi, jsonResponse } from '../../../lib/testing/fake-json-api.ts';
// biome-ignore lint/style/noRestrictedImports: the sign-up → sign-in flow is tested against the real sign-in page
import LoginPage from '../../../routes/auth/login.tsx';
import { logout } from '../session-store.ts';
import { SignUpForm } from './sign-up-form.tsx';

/*
 * Sign-up keeps the documented flow (the answer, then /auth/login after exactly 2 s,
 * docs/product.md §2, §9), and the login page then says the account exists and has its e-mail filled in —
 * carried in the navigation's state, never in the URL. The 2 s run on fake timers.
 */

const EMAIL = 'grace@example.com';
let api: ReturnType<typeof fakeJsonApi>;

function renderSignUp() {
  const Stub = createRoutesStub([
    { path: '/auth/signup', Component: () => <SignUpForm /> },
    { path: '/auth/login', Component: LoginPage },
  ]);
  render(<Stub initialEntries={['/auth/signup']} />);
}

/** Lets the page's promises settle and moves the fake clock by `ms`. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  vi.useFakeTimers();
  api = fakeJsonApi({
    'POST auth/register': () => jsonResponse(201, { message: 'Your account has been created. You can sign in now.' }),
  });
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => {
  cleanup();
  logout();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('after sign-up', () => {
  it('goes to /auth/login after exactly 2 s, where the account is announced and its e-mail filled in', async () => {
    renderSignUp();
    await advance(0);
    fill('First Name', 'Grace');
    fill('Last Name', 'Hopper');
    fill('Username', 'grace');
    fill('Email', EMAIL);
    fill(/^Password/, 'Compiler-1952');
    fill('Confirm Password', 'Compiler-1952');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the Terms/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await advance(0);

    expect(screen.getByRole('status').textContent).toBe('Your account has been created. You can sign in now.');
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST auth/register']);

    await advance(1999);
    expect(screen.queryByRole('heading', { name: 'Welcome Back' })).toBeNull();
    await advance(1);
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Your account has been created. Sign in to continue.');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(EMAIL);
    // The e-mail is not in the URL: the router's location carries it as state only.
    expect(window.location.href).not.toContain('grace');
  });

  it('the login page reached any other way says nothing about a new account and starts empty', async () => {
    const Stub = createRoutesStub([{ path: '/auth/login', Component: LoginPage }]);
    render(<Stub initialEntries={['/auth/login']} />);
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(screen.queryByText(/account has been created/)).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('a location state that is not ours is ignored', async () => {
    const Stub = createRoutesStub([{ path: '/auth/login', Component: LoginPage }]);
    render(<Stub initialEntries={[{ pathname: '/auth/login', state: { accountCreated: 42 } }]} />);
    await advance(0);
    expect(screen.queryByText(/account has been created/)).toBeNull();
  });
});
