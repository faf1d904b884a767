import { outboxList } from '@shop/contracts/admin-outbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

/** GET /api/admin/outbox: the latest mail sent (or held without SMTP), by recipient. */
export const outboxQuery = (to: string) =>
  queryOptions({
    queryKey: backOfficeKey('outbox', to),
    queryFn: ({ signal }) => adminApi.get(outboxList, 'outbox', { to, limit: 50 }, signal),
  });

export const useOutbox = (to: string) => useQuery(outboxQuery(to));
