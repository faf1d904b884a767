import { dashboard } from '@shop/contracts/admin-insights';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import type { DayRange } from '../day-range.ts';

/** GET /api/admin/dashboard: the figures of a range of days. */
export const dashboardQuery = (r: DayRange) =>
  queryOptions({
    queryKey: ['admin', 'insights', 'dashboard', r],
    queryFn: ({ signal }) => adminApi.get(dashboard, 'dashboard', { ...r }, signal),
    placeholderData: keepPreviousData,
  });
