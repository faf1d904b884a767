import { createContext, useContext } from 'react';

/**
 * The per-request CSP nonce, provided by entry.server.tsx. On the client it is undefined: browsers hide
 * nonces from the DOM, and scripts added after hydration are loaded from 'self'.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
