import { customerList } from '@shop/contracts/admin-insights';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminApi } from '../../admin/index.ts';

export type CustomerList = z.infer<typeof customerList>;
export interface CustomerListParams {
  q: string;
  status: string;
  sort: string;
  page: number;
  limit: number;
}

/** GET /api/admin/customers: one page of customers, searched, filtered and sorted. */
export const customersQuery = (params: CustomerListParams) =>
  queryOptions({
    queryKey: ['admin', 'customers', 'list', params],
    queryFn: ({ signal }) => adminApi.get(customerList, 'customers', { ...params }, signal),
    placeholderData: keepPreviousData,
  });
