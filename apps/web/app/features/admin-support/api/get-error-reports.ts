import { errorReportPage } from '@shop/contracts/admin-support';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

/** GET /api/admin/support/error-reports: what shoppers reported from the error page, newest first. */
export const errorReportsQuery = (page: number) =>
  queryOptions({
    queryKey: backOfficeKey('error-reports', page),
    queryFn: ({ signal }) => adminApi.get(errorReportPage, 'support/error-reports', { page, limit: 20 }, signal),
    placeholderData: keepPreviousData,
  });

export const useErrorReports = (page: number) => useQuery(errorReportsQuery(page));
