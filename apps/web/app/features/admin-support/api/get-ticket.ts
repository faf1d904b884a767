import { ticketDetail } from '@shop/contracts/admin-support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

/** GET /api/admin/support/tickets/:id: one ticket with its replies and notes. */
export const ticketQuery = (id: string) =>
  queryOptions({
    queryKey: backOfficeKey('ticket', id),
    queryFn: ({ signal }) => adminApi.get(ticketDetail, `support/tickets/${id}`, undefined, signal),
  });

export const useTicket = (id: string) => useQuery(ticketQuery(id));
