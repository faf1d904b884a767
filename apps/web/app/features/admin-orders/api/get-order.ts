import { adminOrderDetail } from '@shop/contracts/admin-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { ordersRoot } from './order-keys.ts';

/** GET /api/admin/orders/:id: one order with its lines, payments and history. */
export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: [...ordersRoot, 'detail', id],
    queryFn: ({ signal }) => adminApi.get(adminOrderDetail, `orders/${id}`, undefined, signal),
  });

export const useAdminOrder = (id: string) => useQuery(adminOrderQuery(id));
