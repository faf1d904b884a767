import { ticketDetail } from '@shop/contracts/admin-support';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';

/** POST /api/admin/support/tickets/:id/status: closes or reopens a ticket. */
export const useSetTicketStatus = (id: string) =>
  useBackOfficeMutation((next: 'open' | 'closed') =>
    adminApi.post(ticketDetail, `support/tickets/${id}/status`, { status: next }),
  );
