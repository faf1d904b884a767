import type { BulkEditInput } from '@shop/contracts/admin-catalog';
import { bulkEditResult } from '@shop/contracts/admin-catalog';
import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { useInvalidateProducts } from './product-keys.ts';

/** POST /api/admin/products/bulk: price, stock, category or publishing over the chosen products. */
export function useBulkEdit() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: BulkEditInput) => adminApi.post(bulkEditResult, 'products/bulk', body),
    onSuccess: invalidate,
  });
}
