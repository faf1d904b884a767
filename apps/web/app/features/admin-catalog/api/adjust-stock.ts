import type { StockAdjustmentBody } from '@shop/contracts/admin-catalog';
import { stockAdjustmentResult } from '@shop/contracts/admin-catalog';
import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { useInvalidateProducts } from './product-keys.ts';

/** POST /api/admin/products/:id/stock-adjustments. */
export function useAdjustStock(id: string) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: StockAdjustmentBody) =>
      adminApi.post(stockAdjustmentResult, `products/${id}/stock-adjustments`, body),
    onSuccess: invalidate,
  });
}
