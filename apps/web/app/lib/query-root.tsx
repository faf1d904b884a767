import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';

/**
 * The one TanStack Query client of the tab, provided at the root — without the root
 * carrying the query engine: docs/architecture.md §9 budgets the initial JavaScript of `/`, which uses no queries.
 * `lib/query-client.ts` hands its client over here when it loads, which it does with the first page
 * that uses queries (every admin route, the account, order and checkout pages), before that page renders; on the
 * server it loads with the server build. Until then the context is empty, and nothing asks for it.
 */
let clientOf: (() => QueryClient) | undefined;
const listeners = new Set<() => void>();

export function provideQueryClient(getClient: () => QueryClient): void {
  if (clientOf === getClient) return;
  clientOf = getClient;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => clientOf;

/** What `QueryClientProvider` does, for a client that may arrive after the first render. */
export function QueryRoot({ children }: { children: ReactNode }) {
  const getClient = useSyncExternalStore(subscribe, current, current);
  const client = useMemo(() => getClient?.(), [getClient]);
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}
