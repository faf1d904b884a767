import type { Order } from '@shop/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http.ts';
import { ordersRootKey } from '../query-keys.ts';

/** GET /api/orders/:id: one of the shopper's own orders (another's answers 404). */
export function orderQuery(userId: string, orderId: string) {
  return queryOptions({
    queryKey: [...ordersRootKey, userId, 'detail', orderId],
    queryFn: ({ signal }) => api.get(`orders/${encodeURIComponent(orderId)}`, { signal }).json<Order>(),
  });
}

export function useOrder(userId: string, orderId: string) {
  return useQuery(orderQuery(userId, orderId));
}
