import type { AddressBody, SavedAddress } from '@shop/contracts/account';
import { savedAddress } from '@shop/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';
import { accountKeys } from './account-keys.ts';

/** POST users/me/addresses: the first address becomes the default. */
export function addAddress(body: AddressBody): Promise<SavedAddress> {
  return api.post('users/me/addresses', { json: body }).json().then(contract(savedAddress));
}

/** Adds an address, then reloads the book (a new default changes the others). */
export function useAddAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses(userId) }),
  });
}
