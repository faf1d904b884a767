import { ticketDetail } from '@shop/contracts/admin-support';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';

/** POST /api/admin/support/tickets/:id/notes: an internal note only staff see. */
export const useAddTicketNote = (id: string) =>
  useBackOfficeMutation((body: string) => adminApi.post(ticketDetail, `support/tickets/${id}/notes`, { body }));
