import { categoriesReport } from '@shop/contracts/admin-insights';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import type { DayRange } from '../day-range.ts';

/** GET /api/admin/reports/categories: sales by category. */
export const categoriesReportQuery = (r: DayRange) =>
  queryOptions({
    queryKey: ['admin', 'insights', 'categories', r],
    queryFn: ({ signal }) => adminApi.get(categoriesReport, 'reports/categories', { ...r }, signal),
    placeholderData: keepPreviousData,
  });
