import { adminProduct } from '@shop/contracts/admin-catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { productsRoot } from './product-keys.ts';

/** GET /api/admin/products/:id: one product with everything the form edits. */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: [...productsRoot, 'detail', id],
    queryFn: ({ signal }) => adminApi.get(adminProduct, `products/${id}`, undefined, signal),
  });

export const useProduct = (id: string) => useQuery(productQuery(id));
