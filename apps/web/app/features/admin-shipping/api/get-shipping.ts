import { shippingSettingsAnswer } from '@shop/contracts/shipping-zones';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

/** GET /api/admin/shipping: every shipping zone in checkout's order, with its methods (admins only). */
export const shippingQuery = () =>
  queryOptions({
    queryKey: backOfficeKey('shipping'),
    queryFn: ({ signal }) => adminApi.get(shippingSettingsAnswer, 'shipping', undefined, signal),
  });

export const useShipping = () => useQuery(shippingQuery());
