import { customerDetail } from '@shop/contracts/admin-insights';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';

/** GET /api/admin/customers/:id: one customer with a page of their orders. */
export const customerQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'customers', 'detail', id, page],
    queryFn: ({ signal }) => adminApi.get(customerDetail, `customers/${id}`, { page, limit: 10 }, signal),
    placeholderData: keepPreviousData,
  });
