/**
 * After sign-up the shopper lands on /auth/login (docs/product.md §2) and that page says the
 * account exists, with its e-mail filled in. The e-mail travels in the navigation's history state,
 * not in the URL: it stays out of server logs, referrers and shared links, survives a reload of that
 * page, and is gone in any other tab or entry.
 */
export interface AccountCreatedState {
  accountCreated: string;
}

export const ACCOUNT_CREATED_MESSAGE = 'Your account has been created. Sign in to continue.';

export function accountCreatedState(email: string): AccountCreatedState {
  return { accountCreated: email };
}

/** The e-mail of the account just created, from a location's state (anything else: null). */
export function accountCreatedEmail(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const email = (state as Partial<AccountCreatedState>).accountCreated;
  return typeof email === 'string' && email.length > 0 && email.length <= 254 ? email : null;
}
