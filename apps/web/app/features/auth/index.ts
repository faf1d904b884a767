/**
 * The auth feature's public face: what other features and components use. Kept
 * light — the session store and a hook; the API calls and dialogs load on demand.
 */
export {
  login,
  logout,
  type SessionState,
  sessionSource,
  sessionStore,
  setTokens,
  syncSessionFromStorage,
  useSession,
} from './session-store.ts';
export { useErrorTimeout } from './use-error-timeout.ts';

/** Signs out (docs/product.md §2 Logout); the API client loads only now, it is not part of the first paint. */
export async function signOut(): Promise<void> {
  await (await import('./api/sign-out.ts')).signOut();
}

/** The sign-in and sign-up dialogs, loaded on first use (docs/architecture.md §9 JS budget). */
export const loadSignInDialog = () => import('./components/sign-in-dialog.tsx');
export const loadSignUpDialog = () => import('./components/sign-up-dialog.tsx');
