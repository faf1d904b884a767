import { skuReport } from '@shop/contracts/admin-insights';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import type { DayRange } from '../day-range.ts';

/** GET /api/admin/reports/skus: merchandise sold per variant SKU in a range, best sellers first. */
export const skuReportQuery = (r: DayRange, limit = 50) =>
  queryOptions({
    queryKey: ['admin', 'insights', 'skus', r, limit],
    queryFn: ({ signal }) => adminApi.get(skuReport, 'reports/skus', { ...r, limit }, signal),
    placeholderData: keepPreviousData,
  });
