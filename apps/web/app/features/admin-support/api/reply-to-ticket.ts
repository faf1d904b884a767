import { ticketDetail } from '@shop/contracts/admin-support';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';

/** POST /api/admin/support/tickets/:id/replies: a reply, mailed to the customer. */
export const useReplyToTicket = (id: string) =>
  useBackOfficeMutation((body: string) => adminApi.post(ticketDetail, `support/tickets/${id}/replies`, { body }));
