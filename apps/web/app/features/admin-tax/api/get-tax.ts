import { taxSettingsAnswer } from '@shop/contracts/tax-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

/** GET /api/admin/tax: the tax classes, the rates per zone × class, and how prices are entered (admins only). */
export const taxQuery = () =>
  queryOptions({
    queryKey: backOfficeKey('tax'),
    queryFn: ({ signal }) => adminApi.get(taxSettingsAnswer, 'tax', undefined, signal),
  });

export const useTax = () => useQuery(taxQuery());
