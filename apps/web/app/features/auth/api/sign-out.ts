import { api } from '../../../lib/http.ts';
import { logout, sessionStore } from '../session-store.ts';

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
