import type { Group } from '@shop/contracts/admin-insights';
import { salesReport } from '@shop/contracts/admin-insights';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import type { DayRange } from '../day-range.ts';

/** GET /api/admin/reports/sales: sales by day, week or month. */
export const salesReportQuery = (r: DayRange, group: Group) =>
  queryOptions({
    queryKey: ['admin', 'insights', 'sales', r, group],
    queryFn: ({ signal }) => adminApi.get(salesReport, 'reports/sales', { ...r, group }, signal),
    placeholderData: keepPreviousData,
  });
