import { type CurrencySettingsBody, currencySettingsAnswer } from '@shop/contracts/currency-settings';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';

/** PUT /api/admin/currencies: the base and every presentment currency; answers them as saved. */
export const useSaveCurrencies = () =>
  useBackOfficeMutation((next: CurrencySettingsBody) => adminApi.put(currencySettingsAnswer, 'currencies', next));
