import type { StoreSettings } from '@shop/contracts/orders';
import { storeSettings } from '@shop/contracts/orders';
import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';
import { backOfficeKey } from '../back-office.ts';

/**
 * The public GET /api/checkout/settings, read once per session by the admin frame: who takes cards (the
 * frame says "Demo mode — no real payment" while it is the built-in test provider) and the base
 * currency every admin price, rate and report is in (docs/adr/050-currencies.md). A back-office key: a
 * saved setting (a new base currency) reads it again.
 */
export const storeSettingsQuery = queryOptions({
  queryKey: backOfficeKey('checkout-settings'),
  queryFn: async ({ signal }): Promise<StoreSettings> =>
    api.get('checkout/settings', { signal }).json().then(contract(storeSettings)),
  staleTime: Number.POSITIVE_INFINITY,
});
