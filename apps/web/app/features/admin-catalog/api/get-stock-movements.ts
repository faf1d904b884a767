import { stockMovementList } from '@shop/contracts/admin-catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { productsRoot } from './product-keys.ts';

/** GET /api/admin/products/:id/stock-movements: a product's stock history, ten a page. */
export const stockMovementsQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: [...productsRoot, 'movements', id, page],
    queryFn: ({ signal }) =>
      adminApi.get(stockMovementList, `products/${id}/stock-movements`, { page, limit: 10 }, signal),
    placeholderData: keepPreviousData,
  });

export const useStockMovements = (id: string, page: number) => useQuery(stockMovementsQuery(id, page));
