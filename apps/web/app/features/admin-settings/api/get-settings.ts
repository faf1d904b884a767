import { adminSettings } from '@shop/contracts/admin-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

/** GET /api/admin/settings: everything Settings edits (admins only). */
export const settingsQuery = () =>
  queryOptions({
    queryKey: backOfficeKey('settings'),
    queryFn: ({ signal }) => adminApi.get(adminSettings, 'settings', undefined, signal),
  });

export const useSettings = (enabled = true) => useQuery({ ...settingsQuery(), enabled });
