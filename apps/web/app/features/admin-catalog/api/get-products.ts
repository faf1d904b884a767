import { adminProductList } from '@shop/contracts/admin-catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { productsRoot } from './product-keys.ts';

/** The list's query as the URL keeps it (strings; empty means "no filter"). */
export interface ProductListParams {
  q: string;
  category: string;
  published: string;
  stock: string;
  sort: string;
  order: string;
  page: number;
  limit: number;
}

/** GET /api/admin/products: one page of products, searched, filtered and sorted. */
export const productsQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: [...productsRoot, 'list', params],
    queryFn: ({ signal }) => adminApi.get(adminProductList, 'products', { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const useProducts = (params: ProductListParams) => useQuery(productsQuery(params));
