import { topProductsReport } from '@shop/contracts/admin-insights';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import type { DayRange } from '../day-range.ts';

/** GET /api/admin/reports/top-products: the best sellers of a range. */
export const topProductsQuery = (r: DayRange, limit = 10) =>
  queryOptions({
    queryKey: ['admin', 'insights', 'top-products', r, limit],
    queryFn: ({ signal }) => adminApi.get(topProductsReport, 'reports/top-products', { ...r, limit }, signal),
    placeholderData: keepPreviousData,
  });
