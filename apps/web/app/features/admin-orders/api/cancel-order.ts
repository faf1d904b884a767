import { adminOrderDetail } from '@shop/contracts/admin-orders';
import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { useInvalidateMoney } from './order-keys.ts';

/** POST /api/admin/orders/:id/cancel. */
export function useCancelOrder(id: string) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: { reason?: string }) => adminApi.post(adminOrderDetail, `orders/${id}/cancel`, body),
    onSuccess: invalidate,
  });
}
