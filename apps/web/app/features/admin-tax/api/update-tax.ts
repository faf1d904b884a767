import { type TaxSettingsBody, taxSettingsAnswer } from '@shop/contracts/tax-settings';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';

/** PUT /api/admin/tax: the whole tax document; answers it as saved. */
export const useSaveTax = () =>
  useBackOfficeMutation((next: TaxSettingsBody) => adminApi.put(taxSettingsAnswer, 'tax', next));
