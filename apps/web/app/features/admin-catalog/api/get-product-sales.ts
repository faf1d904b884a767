import { productSales } from '@shop/contracts/admin-catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { productsRoot } from './product-keys.ts';

/** GET /api/admin/products/:id/sales: what a product sold. */
export const productSalesQuery = (id: string) =>
  queryOptions({
    queryKey: [...productsRoot, 'sales', id],
    queryFn: ({ signal }) => adminApi.get(productSales, `products/${id}/sales`, undefined, signal),
  });

export const useProductSales = (id: string) => useQuery(productSalesQuery(id));
