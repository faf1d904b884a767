import type { RefundOrderBody } from '@shop/contracts/admin-orders';
import { adminOrderDetail } from '@shop/contracts/admin-orders';
import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { useInvalidateMoney } from './order-keys.ts';

/** POST /api/admin/orders/:id/refund. */
export function useRefundOrder(id: string) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: RefundOrderBody) => adminApi.post(adminOrderDetail, `orders/${id}/refund`, body),
    onSuccess: invalidate,
  });
}
