import { setupChecklist } from '@shop/contracts/admin-setup';
import { queryOptions } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

/** GET /api/admin/setup-checklist (admins only). */
export const setupChecklistQuery = () =>
  queryOptions({
    queryKey: backOfficeKey('setup-checklist'),
    queryFn: ({ signal }) => adminApi.get(setupChecklist, 'setup-checklist', undefined, signal),
  });
