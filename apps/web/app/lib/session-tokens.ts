import type { TokenSet } from '@shop/contracts/auth';

/**
 * What the API client (lib/http.ts) needs of the signed-in session: its tokens, a way to keep renewed
 * ones, and a way to end it. The session lives in features/auth, which provides it here when its store
 * loads: lib imports no feature. Until then nobody is signed in — the store starts
 * signed out too — so requests carry no token and nothing is renewed or ended.
 */
export interface SessionTokens {
  /** The current tokens; null when signed out. */
  current(): TokenSet | null;
  /** Keeps the tokens a refresh answered with (docs/product.md §4). */
  renew(tokens: TokenSet): void;
  /** Ends the session after a failed refresh (docs/product.md §8). */
  end(): void;
}

const signedOut: SessionTokens = { current: () => null, renew: () => undefined, end: () => undefined };

let provided: SessionTokens = signedOut;

/** Called once by the session store (features/auth); tests may provide one of their own. */
export function provideSessionTokens(session: SessionTokens) {
  provided = session;
}

/** The session the API client works with, read on every request. */
export function sessionTokens(): SessionTokens {
  return provided;
}
