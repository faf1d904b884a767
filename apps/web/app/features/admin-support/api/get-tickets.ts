import { ticketList } from '@shop/contracts/admin-support';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

export interface TicketListParams {
  status: string;
  q: string;
  page: number;
  limit: number;
}

/** The list Support opens on: open tickets, no search. */
export const FIRST_TICKETS: TicketListParams = { status: 'open', q: '', page: 1, limit: 20 };

/** GET /api/admin/support/tickets: contact messages as tickets, by status, searched. */
export const ticketsQuery = (params: TicketListParams) =>
  queryOptions({
    queryKey: backOfficeKey('tickets', params),
    queryFn: ({ signal }) => adminApi.get(ticketList, 'support/tickets', { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const useTickets = (params: TicketListParams) => useQuery(ticketsQuery(params));
