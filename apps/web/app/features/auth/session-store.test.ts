// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionTokens } from '../../lib/session-tokens.ts';
import { login, logout, sessionStore, setTokens, syncSessionFromStorage } from './session-store.ts';

const USER = {
  id: 'u1',
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'customer' as const,
  name: 'Ada Lovelace',
};
const TOKENS = { access: 'A1', refresh: 'R1' };
const stored = () => JSON.parse(localStorage.getItem('auth') ?? 'null');
const clearCookies = () => {
  for (const c of document.cookie.split('; ').filter(Boolean)) {
    // biome-ignore lint/suspicious/noDocumentCookie: expiring the cookies a test set, as the browser would
    document.cookie = `${c.split('=')[0]}=; path=/; max-age=0`;
  }
};

beforeEach(() => {
  logout();
  localStorage.clear();
  clearCookies();
});

describe('session store (docs/product.md §3, §4)', () => {
  it("stores the real user and the tokens under 'auth' and signs in", () => {
    login(USER, TOKENS);
    expect(stored()).toEqual({ user: USER, tokens: TOKENS });
    expect(sessionStore.getState()).toEqual({ user: USER, tokens: TOKENS, isAuthenticated: true });
  });

  it('logs out: clears the state and the stored session', () => {
    login(USER, TOKENS);
    logout();
    expect(localStorage.getItem('auth')).toBeNull();
    expect(sessionStore.getState()).toEqual({ user: null, tokens: null, isAuthenticated: false });
  });

  it('keeps the user on refresh and stores the new tokens', () => {
    login(USER, TOKENS);
    setTokens({ access: 'A2', refresh: 'R2' });
    expect(stored()).toEqual({ user: USER, tokens: { access: 'A2', refresh: 'R2' } });
    expect(sessionStore.getState().tokens).toEqual({ access: 'A2', refresh: 'R2' });
  });

  it('ignores new tokens when nobody is signed in', () => {
    setTokens({ access: 'A2', refresh: 'R2' });
    expect(localStorage.getItem('auth')).toBeNull();
    expect(sessionStore.getState().isAuthenticated).toBe(false);
  });
});

describe('syncSessionFromStorage (docs/product.md §2: on every route change)', () => {
  it('logs in from the stored session, and out when it is gone', () => {
    localStorage.setItem('auth', JSON.stringify({ user: USER, tokens: TOKENS }));
    syncSessionFromStorage();
    expect(sessionStore.getState()).toEqual({ user: USER, tokens: TOKENS, isAuthenticated: true });

    localStorage.removeItem('auth');
    syncSessionFromStorage();
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    expect(sessionStore.getState().tokens).toBeNull();
  });

  it('picks up tokens and users changed by another tab', () => {
    login(USER, TOKENS);
    const other = { ...USER, id: 'u2', email: 'bob@example.com' };
    localStorage.setItem('auth', JSON.stringify({ user: other, tokens: { access: 'B1', refresh: 'S1' } }));
    syncSessionFromStorage();
    expect(sessionStore.getState().user?.id).toBe('u2');
    expect(sessionStore.getState().tokens?.access).toBe('B1');
  });

  it('does not notify subscribers when nothing changed', () => {
    login(USER, TOKENS);
    let calls = 0;
    const stop = sessionStore.subscribe(() => calls++);
    syncSessionFromStorage();
    syncSessionFromStorage();
    stop();
    expect(calls).toBe(0);
  });

  it.each([
    ['not JSON', '{"user":'],
    ['no tokens', JSON.stringify({ user: USER })],
    ['an empty access token', JSON.stringify({ user: USER, tokens: { access: '', refresh: 'R1' } })],
    ['a user without id', JSON.stringify({ user: { ...USER, id: 7 }, tokens: TOKENS })],
    ['null', 'null'],
  ])('treats a stored session with %s as signed out', (_, raw) => {
    login(USER, TOKENS);
    localStorage.setItem('auth', raw);
    syncSessionFromStorage();
    expect(sessionStore.getState().isAuthenticated).toBe(false);
  });
});

describe("'Remember me'", () => {
  it('without it, the session ends with the browser session (its session cookie)', () => {
    login(USER, TOKENS, { remember: false });
    expect(stored()).toEqual({ user: USER, tokens: TOKENS, remember: false });
    syncSessionFromStorage();
    expect(sessionStore.getState().isAuthenticated).toBe(true);

    // A new browser session: the session cookie is gone.
    clearCookies();
    syncSessionFromStorage();
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('with it, the session outlives the browser session; a refresh keeps the choice', () => {
    login(USER, TOKENS, { remember: true });
    clearCookies();
    syncSessionFromStorage();
    expect(sessionStore.getState().isAuthenticated).toBe(true);

    login(USER, TOKENS, { remember: false });
    setTokens({ access: 'A2', refresh: 'R2' });
    expect(stored().remember).toBe(false);
  });
});

describe('the session the API client works with (lib/session-tokens.ts)', () => {
  it('is this store: its tokens, renewed tokens kept, and ending it signs out', () => {
    expect(sessionTokens().current()).toBeNull();
    login(USER, TOKENS);
    expect(sessionTokens().current()).toEqual(TOKENS);
    sessionTokens().renew({ access: 'A2', refresh: 'R2' });
    expect(sessionStore.getState().tokens).toEqual({ access: 'A2', refresh: 'R2' });
    expect(stored().tokens).toEqual({ access: 'A2', refresh: 'R2' });
    sessionTokens().end();
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    expect(stored()).toBeNull();
  });
});
