import { outboxMail } from '@shop/contracts/admin-outbox';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';

/** POST /api/admin/outbox/:id/retry: queues a failed mail to be sent again. */
export const useRetryMail = () =>
  useBackOfficeMutation((id: string) => adminApi.post(outboxMail, `outbox/${id}/retry`, {}));
