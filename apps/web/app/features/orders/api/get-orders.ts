import { orderList } from '@shop/contracts/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';
import { ordersRootKey } from '../query-keys.ts';

export type OrderList = z.infer<typeof orderList>;
export const ORDERS_PAGE_SIZE = 10;

/** GET /api/orders: the signed-in shopper's orders, newest first, one page. */
export function ordersQuery(userId: string, page: number) {
  return queryOptions({
    queryKey: [...ordersRootKey, userId, 'list', page],
    queryFn: ({ signal }) =>
      api
        .get('orders', { searchParams: { page, limit: ORDERS_PAGE_SIZE }, signal })
        .json()
        .then(contract(orderList)),
  });
}

export function useOrders(userId: string, page: number) {
  // The previous page stays on screen while the next one loads: no jump to a spinner.
  return useQuery({ ...ordersQuery(userId, page), placeholderData: keepPreviousData });
}
