import type { AddressBody, SavedAddress } from '@shop/contracts/account';
import { savedAddress } from '@shop/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';
import { accountKeys } from './account-keys.ts';

/** PATCH users/me/addresses/:id with any subset of the fields (`{is_default: true}` makes it the default). */
export function updateAddress(id: string, body: Partial<AddressBody>): Promise<SavedAddress> {
  return api
    .patch(`users/me/addresses/${encodeURIComponent(id)}`, { json: body })
    .json()
    .then(contract(savedAddress));
}

/** Changes an address, then reloads the book (a new default changes the others and the order). */
export function useUpdateAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<AddressBody> }) => updateAddress(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses(userId) }),
  });
}
