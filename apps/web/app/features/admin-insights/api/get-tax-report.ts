import type { Group } from '@shop/contracts/admin-insights';
import { taxReport } from '@shop/contracts/admin-insights';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import type { DayRange } from '../day-range.ts';

/** GET /api/admin/reports/tax: tax collected by day, week or month, per shipping zone and rate. */
export const taxReportQuery = (r: DayRange, group: Group) =>
  queryOptions({
    queryKey: ['admin', 'insights', 'tax', r, group],
    queryFn: ({ signal }) => adminApi.get(taxReport, 'reports/tax', { ...r, group }, signal),
    placeholderData: keepPreviousData,
  });
