import { adminOrderList } from '@shop/contracts/admin-orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { ordersRoot } from './order-keys.ts';

/** List filters as the URL keeps them (strings; empty = no filter). */
export interface OrderListParams {
  status: string;
  method: string;
  q: string;
  from: string;
  to: string;
  /** '' hides unpaid card attempts; `include` or `only` shows them. */
  attempts: string;
  page: number;
  limit: number;
}

/** GET /api/admin/orders: one page of orders, filtered. */
export const adminOrdersQuery = (params: OrderListParams) =>
  queryOptions({
    queryKey: [...ordersRoot, 'list', params],
    queryFn: ({ signal }) => adminApi.get(adminOrderList, 'orders', { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminOrders = (params: OrderListParams) => useQuery(adminOrdersQuery(params));
