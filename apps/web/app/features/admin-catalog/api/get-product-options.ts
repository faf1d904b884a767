import { productFormOptions } from '@shop/contracts/admin-catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { adminApi } from '../../admin/index.ts';

/** GET /api/admin/product-options: the catalogue's categories (with subcategories and featured cards) and brands. */
export const productOptionsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'product-options'],
    queryFn: ({ signal }) => adminApi.get(productFormOptions, 'product-options', undefined, signal),
  });

export const useProductOptions = () => useQuery(productOptionsQuery());

/**
 * Display names of the catalogue's ids: "Home & Garden" rather than `home`. Until
 * the options have loaded, and for an id they do not know, the id itself.
 */
export function useCatalogNames() {
  const { data } = useProductOptions();
  return useMemo(() => {
    const categories = new Map(data?.categories.map((c) => [c.id, c]));
    const brands = new Map(data?.brands.map((b) => [b.id, b.name]));
    return {
      category: (id: string) => categories.get(id)?.name ?? id,
      subcategory: (category: string, slug: string) =>
        categories.get(category)?.subcategories.find((s) => s.slug === slug)?.name ?? slug,
      brand: (id: string) => brands.get(id) ?? id,
    };
  }, [data]);
}
export type CatalogNames = ReturnType<typeof useCatalogNames>;
