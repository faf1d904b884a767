import { staffMember } from '@shop/contracts/admin-staff';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';

/** POST /api/admin/staff: promotes the account with this e-mail, or creates one. */
export const useAddStaff = () =>
  useBackOfficeMutation((body: Record<string, string>) => adminApi.post(staffMember, 'staff', body));
