import { staffList } from '@shop/contracts/admin-staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

/** GET /api/admin/staff: every staff and admin account (admins only). */
export const staffQuery = () =>
  queryOptions({
    queryKey: backOfficeKey('staff'),
    queryFn: ({ signal }) => adminApi.get(staffList, 'staff', undefined, signal),
  });

export const useStaff = () => useQuery(staffQuery());
