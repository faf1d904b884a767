import type { SavedAddress } from '@shop/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http.ts';
import { accountKeys } from './account-keys.ts';

/** DELETE users/me/addresses/:id (204). */
export async function deleteAddress(id: string): Promise<void> {
  await api.delete(`users/me/addresses/${encodeURIComponent(id)}`);
}

/** Removes an address; it leaves the list at once. */
export function useDeleteAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (_, id) => {
      queryClient.setQueryData<SavedAddress[]>(accountKeys.addresses(userId), (old) => old?.filter((a) => a.id !== id));
      return queryClient.invalidateQueries({ queryKey: accountKeys.addresses(userId) });
    },
  });
}
