import { currencySettingsAnswer } from '@shop/contracts/currency-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

/** GET /api/admin/currencies: the base, the presentment currencies and every ISO 4217 choice (admins only). */
export const currenciesQuery = () =>
  queryOptions({
    queryKey: backOfficeKey('currencies'),
    queryFn: ({ signal }) => adminApi.get(currencySettingsAnswer, 'currencies', undefined, signal),
  });

export const useCurrencies = () => useQuery(currenciesQuery());
