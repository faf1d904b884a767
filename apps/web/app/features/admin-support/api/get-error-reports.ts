import type { ErrorReport } from '@shop/contracts/error-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

type Paged<T> = { items: T[]; total: number; page: number; limit: number };

/** GET /api/admin/support/error-reports: what shoppers reported from the error page, newest first. */
export const errorReportsQuery = (page: number) =>
  queryOptions({
    queryKey: backOfficeKey('error-reports', page),
    queryFn: ({ signal }) => adminApi.get<Paged<ErrorReport>>('support/error-reports', { page, limit: 20 }, signal),
    placeholderData: keepPreviousData,
  });

export const useErrorReports = (page: number) => useQuery(errorReportsQuery(page));
