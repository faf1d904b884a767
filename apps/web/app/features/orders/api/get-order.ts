import { placeOrderFailure } from '@shop/contracts/failures';
import { order } from '@shop/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { withFailure } from '../../../lib/api-error.ts';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';
import { ordersRootKey } from '../query-keys.ts';

/** GET /api/orders/:id: one of the shopper's own orders (another's answers `not_found`, readable with `reasonOf`). */
export function orderQuery(userId: string, orderId: string) {
  return queryOptions({
    queryKey: [...ordersRootKey, userId, 'detail', orderId],
    queryFn: ({ signal }) =>
      withFailure(
        () =>
          api
            .get(`orders/${encodeURIComponent(orderId)}`, { signal })
            .json()
            .then(contract(order)),
        placeOrderFailure,
      ),
  });
}

export function useOrder(userId: string, orderId: string) {
  return useQuery(orderQuery(userId, orderId));
}
