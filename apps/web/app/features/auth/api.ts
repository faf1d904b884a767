import type { LoginAnswer, LoginBody, RegisterBody } from '@shop/contracts/auth';
import { api } from '../../lib/http.ts';
import { logout, sessionStore } from './session-store.ts';

/** docs/product.md §7 POST auth/login: the token set and (docs/architecture.md §5) the real user. */
export function signIn(body: LoginBody): Promise<LoginAnswer> {
  return api.post('auth/login', { json: body }).json<LoginAnswer>();
}

/** docs/product.md §7 POST auth/register: only an optional message is read. */
export async function signUp(body: RegisterBody): Promise<{ message?: string }> {
  const answer = await api.post('auth/register', { json: body }).json<{ message?: string } | ''>();
  return answer || {};
}

export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api.post('auth/forgot-password', { json: { email } }).json<{ message: string }>();
}

export function resetPassword(token: string, password: string): Promise<{ message: string }> {
  return api.post('auth/reset-password', { json: { token, password } }).json<{ message: string }>();
}

/** Ends a session the browser never kept (e.g. a customer refused at the admin login). */
export async function revokeSession(answer: LoginAnswer): Promise<void> {
  await fetch('/api/auth/logout', {
    method: 'POST',
    headers: { authorization: `Bearer ${answer.access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken: answer.refresh }),
  }).catch(() => undefined);
}

/**
 * Navbar Logout: ends the session on the server (bearer + its refresh token), then forgets it here.
 * The local session is cleared even when the server cannot be reached: the user asked to leave.
 */
export async function signOut(): Promise<void> {
  const refreshToken = sessionStore.getState().tokens?.refresh;
  try {
    if (refreshToken) await api.post('auth/logout', { json: { refreshToken } });
  } catch {
    // Already ended on the server (expired or revoked): nothing left to end.
  } finally {
    logout();
  }
}
