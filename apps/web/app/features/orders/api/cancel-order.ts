import type { Order } from '@shop/contracts/orders';
import { order } from '@shop/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';
import { ordersRootKey } from '../query-keys.ts';
import { orderQuery } from './get-order.ts';

/** POST /api/orders/:id/cancel: before shipment; the stock goes back once, a card is refunded. */
export function cancelOrder(orderId: string): Promise<Order> {
  return api
    .post(`orders/${encodeURIComponent(orderId)}/cancel`)
    .json()
    .then(contract(order));
}

export function useCancelOrder(userId: string, orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSuccess: (order) => {
      client.setQueryData(orderQuery(userId, orderId).queryKey, order);
      // The history shows the new status too.
      void client.invalidateQueries({ queryKey: [...ordersRootKey, userId, 'list'] });
    },
  });
}
