import { QUERY_STALE_TIME_MS } from '@shop/contracts/constants';
import { QueryClient } from '@tanstack/react-query';
import { provideQueryClient } from './query-root.tsx';

/**
 * docs/product.md §7/§9: queries are not retried (the HTTP client already retries what is worth retrying) and
 * stay fresh for 5 minutes. The root provides the one client (`query-root.tsx`); route
 * `clientLoader`s fill the same cache through `getQueryClient()`.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: QUERY_STALE_TIME_MS },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/** One client per browser tab (shared cache across routes); a new one per server render. */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}

// Loading this module is what hands the client to the root's provider (query-root.tsx).
provideQueryClient(getQueryClient);
