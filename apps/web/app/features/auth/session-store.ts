import type { PublicUser, TokenSet } from '@shop/contracts/auth';
import { AUTH_STORAGE_KEY } from '@shop/contracts/constants';
import { createStore, useStore } from 'zustand';

/** spec §3 auth session: user, tokens, isAuthenticated; stored as user + tokens under 'auth'. */
export interface SessionState {
  user: PublicUser | null;
  tokens: TokenSet | null;
  isAuthenticated: boolean;
}

interface Stored {
  user: PublicUser;
  tokens: TokenSet;
}

const signedOut: SessionState = { user: null, tokens: null, isAuthenticated: false };

export const sessionStore = createStore<SessionState>(() => signedOut);

function storage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

function readStored(): Stored | null {
  try {
    const raw = storage()?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Stored>;
    return parsed.user && parsed.tokens?.access && parsed.tokens.refresh ? (parsed as Stored) : null;
  } catch {
    return null;
  }
}

/** Signs in with the real user of the login answer (DESIGN §7, not the spec's placeholder). */
export function login(user: PublicUser, tokens: TokenSet) {
  storage()?.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user, tokens }));
  sessionStore.setState({ user, tokens, isAuthenticated: true });
}

/** After a refresh: new tokens for the same user. */
export function setTokens(tokens: TokenSet) {
  const { user } = sessionStore.getState();
  if (!user) return;
  login(user, tokens);
}

export function logout() {
  storage()?.removeItem(AUTH_STORAGE_KEY);
  sessionStore.setState(signedOut);
}

/** spec §2 navbar: on every route change the stored auth is read and used to log in, or log out. */
export function syncSessionFromStorage() {
  const stored = readStored();
  const current = sessionStore.getState();
  if (!stored) {
    if (current.isAuthenticated) sessionStore.setState(signedOut);
    return;
  }
  if (current.tokens?.access !== stored.tokens.access || current.user?.id !== stored.user.id) {
    sessionStore.setState({ user: stored.user, tokens: stored.tokens, isAuthenticated: true });
  }
}

export function useSession<T>(select: (s: SessionState) => T): T {
  return useStore(sessionStore, select);
}
