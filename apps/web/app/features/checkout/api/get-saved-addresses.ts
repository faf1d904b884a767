import type { SavedAddress } from '@shop/contracts/account';
import { addressList } from '@shop/contracts/account';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** GET /api/users/me/addresses: the signed-in shopper's address book. */
export function getSavedAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  return api.get('users/me/addresses', { signal }).json().then(contract(addressList));
}

/** The address book as checkout opens (null: a guest, who has none); read afresh each time the form opens. */
export function savedAddressesQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['checkout', 'saved-addresses', userId] as const,
    queryFn: userId ? ({ signal }) => getSavedAddresses(signal) : skipToken,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
