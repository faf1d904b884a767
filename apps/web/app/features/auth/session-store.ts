import type { PublicUser, TokenSet } from '@shop/contracts/auth';
import { AUTH_STORAGE_KEY } from '@shop/contracts/constants';
import { createStore, useStore } from 'zustand';
import { provideSessionTokens } from '../../lib/session-tokens.ts';

/** docs/product.md §3 auth session: user, tokens, isAuthenticated; stored as user + tokens under 'auth'. */
export interface SessionState {
  user: PublicUser | null;
  tokens: TokenSet | null;
  isAuthenticated: boolean;
}

interface Stored {
  user: PublicUser;
  tokens: TokenSet;
  /** false: 'Remember me' was not ticked, so the session ends with the browser session. */
  remember?: boolean;
}

export interface LoginOptions {
  /** 'Remember me': keep the session after the browser closes (the default). */
  remember?: boolean;
}

/**
 * Marks a browser session for sign-ins without 'Remember me'. A cookie without expiry is shared by
 * all tabs and dropped when the browser closes, which is exactly the lifetime such a session has.
 */
const BROWSER_SESSION_COOKIE = 'shop_browser_session';

const signedOut: SessionState = { user: null, tokens: null, isAuthenticated: false };

export const sessionStore = createStore<SessionState>(() => signedOut);

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings); the shop then works signed out.
    return undefined;
  }
}

function hasBrowserSessionCookie(): boolean {
  return typeof document !== 'undefined' && document.cookie.split('; ').includes(`${BROWSER_SESSION_COOKIE}=1`);
}

function setBrowserSessionCookie(on: boolean) {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: one constant flag; the Cookie Store API is not in every browser
  document.cookie = on
    ? `${BROWSER_SESSION_COOKIE}=1; path=/; SameSite=Lax`
    : `${BROWSER_SESSION_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** The stored record, only if it has the full shape: anything else (old, edited, corrupt) is ignored. */
function isStored(value: unknown): value is Stored {
  if (typeof value !== 'object' || value === null) return false;
  const { user, tokens, remember } = value as Record<string, unknown>;
  if (typeof user !== 'object' || user === null || typeof tokens !== 'object' || tokens === null) return false;
  const u = user as Record<string, unknown>;
  const t = tokens as Record<string, unknown>;
  return (
    isText(u.id) &&
    isText(u.email) &&
    typeof u.role === 'string' &&
    isText(t.access) &&
    isText(t.refresh) &&
    (remember === undefined || typeof remember === 'boolean')
  );
}

function readStored(): Stored | null {
  const store = storage();
  try {
    const raw = store?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isStored(parsed)) {
      store?.removeItem(AUTH_STORAGE_KEY);
      return null;
    }
    // A session without 'Remember me' does not outlive the browser session that started it.
    if (parsed.remember === false && !hasBrowserSessionCookie()) {
      store?.removeItem(AUTH_STORAGE_KEY);
      return null;
    }
    return parsed;
  } catch {
    return null;
  }
}

function write(stored: Stored) {
  try {
    storage()?.setItem(AUTH_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Full or blocked storage: the session still lives in memory for this page.
  }
}

/** Signs in with the real user of the login answer (docs/product.md §10, not the documented placeholder). */
export function login(user: PublicUser, tokens: TokenSet, options: LoginOptions = {}) {
  const remember = options.remember ?? true;
  setBrowserSessionCookie(!remember);
  write(remember ? { user, tokens } : { user, tokens, remember: false });
  sessionStore.setState({ user, tokens, isAuthenticated: true });
}

/** After a refresh: new tokens for the same user, kept as long as the session was meant to last. */
export function setTokens(tokens: TokenSet) {
  const { user } = sessionStore.getState();
  if (!user) return;
  const remember = readStored()?.remember;
  write(remember === false ? { user, tokens, remember } : { user, tokens });
  sessionStore.setState({ user, tokens, isAuthenticated: true });
}

export function logout() {
  try {
    storage()?.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
  setBrowserSessionCookie(false);
  sessionStore.setState(signedOut);
}

/** docs/product.md §2 navbar: on every route change the stored auth is read and used to log in, or log out. */
export function syncSessionFromStorage() {
  const stored = readStored();
  const current = sessionStore.getState();
  if (!stored) {
    if (current.isAuthenticated || current.tokens) sessionStore.setState(signedOut);
    return;
  }
  const same =
    current.tokens?.access === stored.tokens.access &&
    current.tokens.refresh === stored.tokens.refresh &&
    JSON.stringify(current.user) === JSON.stringify(stored.user);
  if (!same) sessionStore.setState({ user: stored.user, tokens: stored.tokens, isAuthenticated: true });
}

export function useSession<T>(select: (s: SessionState) => T): T {
  return useStore(sessionStore, select);
}

/** The signed-in user's id, or null for a guest. */
export function signedInUserId(): string | null {
  const { isAuthenticated, user } = sessionStore.getState();
  return isAuthenticated && user ? user.id : null;
}

/** The session as the cart and wishlist syncs follow it (lib/synced-collection's SessionSource). */
export const sessionSource = {
  userId: signedInUserId,
  subscribe: (listener: () => void) => sessionStore.subscribe(listener),
  read: syncSessionFromStorage,
};

// The API client sends, renews and ends this session's tokens (lib/session-tokens.ts): lib imports no
// feature, so the session hands itself over as soon as this store exists.
provideSessionTokens({ current: () => sessionStore.getState().tokens, renew: setTokens, end: logout });
