import { storeTimeZone } from '@shop/contracts/admin-settings';
import { queryOptions } from '@tanstack/react-query';
import { adminApi } from './client.ts';

/** The store's time zone (GET /api/admin/time-zone, any staff member); Settings refreshes it on save. */
export const timeZoneQuery = queryOptions({
  queryKey: ['admin', 'time-zone'] as const,
  queryFn: ({ signal }) => adminApi.get(storeTimeZone, 'time-zone', undefined, signal),
  staleTime: Number.POSITIVE_INFINITY,
});
