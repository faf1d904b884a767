import type { PublicUser } from '@shop/contracts/auth';
import { sessionStore, setTokens } from '../auth/index.ts';

/**
 * Keeps the stored session's user (docs/product.md §3: localStorage 'auth' = user + tokens) in step with a saved
 * profile, so the rest of the shop (e.g. the contact form's e-mail) shows the new details. `setTokens`
 * writes the store's user with the current tokens and keeps the session's 'Remember me' choice.
 */
export function rememberUser(user: PublicUser) {
  const { tokens, user: current } = sessionStore.getState();
  if (!tokens || current?.id !== user.id) return;
  sessionStore.setState({ user });
  setTokens(tokens);
}
