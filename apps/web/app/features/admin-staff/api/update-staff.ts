import type { StaffUpdateBody } from '@shop/contracts/admin-staff';
import { staffMember } from '@shop/contracts/admin-staff';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';

/** PATCH /api/admin/staff/:id: role and whether the account is disabled. */
export const useUpdateStaff = (id: string) =>
  useBackOfficeMutation((body: StaffUpdateBody) => adminApi.patch(staffMember, `staff/${id}`, body));
