import type { StoreSettings } from '@shop/contracts/orders';
import { storeSettings } from '@shop/contracts/orders';
import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/**
 * Who takes cards, from the public GET /api/checkout/settings: the admin frame says "Demo
 * mode — no real payment" on every page while it is the built-in test provider. It is the shop's
 * environment, fixed while the process runs, so it is read once per session.
 */
export const cardProviderQuery = queryOptions({
  queryKey: ['checkout', 'settings', 'payments'] as const,
  queryFn: async ({ signal }): Promise<StoreSettings['payments']['card']> =>
    (await api.get('checkout/settings', { signal }).json().then(contract(storeSettings))).payments.card,
  staleTime: Number.POSITIVE_INFINITY,
});
