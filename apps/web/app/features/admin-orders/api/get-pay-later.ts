import { payLaterList } from '@shop/contracts/admin-orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { payLaterRoot } from './order-keys.ts';

export interface PayLaterParams {
  filter: string;
  q: string;
  page: number;
  limit: number;
}

/** GET /api/admin/pay-later: pay-later invoices, filtered. */
export const payLaterQuery = (params: PayLaterParams) =>
  queryOptions({
    queryKey: [...payLaterRoot, params],
    queryFn: ({ signal }) => adminApi.get(payLaterList, 'pay-later', { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const usePayLater = (params: PayLaterParams) => useQuery(payLaterQuery(params));
