import type { OrderTransitionBody } from '@shop/contracts/admin-orders';
import { adminOrderDetail } from '@shop/contracts/admin-orders';
import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { useInvalidateMoney } from './order-keys.ts';

/** POST /api/admin/orders/:id/status: moves an order on (paid, shipped, delivered…). */
export function useOrderTransition(id: string) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: OrderTransitionBody) => adminApi.post(adminOrderDetail, `orders/${id}/status`, body),
    onSuccess: invalidate,
  });
}
