import { customerRow } from '@shop/contracts/admin-insights';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';

/** POST /api/admin/customers/:id/disable or /enable; the list and the detail refetch. */
export function useSetCustomerDisabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      adminApi.post(customerRow, `customers/${id}/${disabled ? 'disable' : 'enable'}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'customers'] }),
  });
}
