import type { AdminSettings } from '@shop/contracts/admin-settings';
import { adminSettings } from '@shop/contracts/admin-settings';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';

/** PUT /api/admin/settings: the whole settings object with one section's fields changed (PUT replaces everything). */
export const useSaveSettings = () =>
  useBackOfficeMutation((next: AdminSettings) => adminApi.put(adminSettings, 'settings', next));
