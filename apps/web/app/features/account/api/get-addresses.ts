import type { SavedAddress } from '@shop/contracts/account';
import { addressList } from '@shop/contracts/account';
import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';
import { accountKeys } from './account-keys.ts';

/** GET users/me/addresses: the address book, default first. */
export function getAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  return api.get('users/me/addresses', { signal }).json().then(contract(addressList));
}

export function addressesQuery(userId: string) {
  return queryOptions({ queryKey: accountKeys.addresses(userId), queryFn: ({ signal }) => getAddresses(signal) });
}
