import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { getQueryClient } from '../../../lib/query-client.ts';

/**
 * TanStack Query for the order pages only (the layout must not carry it: DESIGN §9's budget for `/`).
 * One client per tab, shared by these pages, so going back to the history shows it at once.
 */
export function OrdersQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(getQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
