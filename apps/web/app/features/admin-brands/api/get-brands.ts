import { adminBrandList } from '@shop/contracts/admin-brands';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { brandsRoot } from './brand-keys.ts';

/** GET /api/admin/brands: every brand with its number of products. */
export const brandsQuery = () =>
  queryOptions({
    queryKey: [...brandsRoot, 'list'],
    queryFn: ({ signal }) => adminApi.get(adminBrandList, 'brands', undefined, signal),
  });

export const useBrands = () => useQuery(brandsQuery());
