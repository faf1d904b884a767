import type {
  AdminProduct,
  AdminProductList,
  CreateProductInput,
  ProductFormOptions,
  ProductSales,
  StockAdjustmentBody,
  StockAdjustmentResult,
  StockMovementList,
  UpdateProductBody,
  UploadedImage,
} from '@shop/contracts/admin-catalog';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { adminApi } from '../admin/lib/client.ts';

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

const root = ['admin', 'products'] as const;

export const productQueries = {
  list: (params: ProductListParams) =>
    queryOptions({
      queryKey: [...root, 'list', params],
      queryFn: ({ signal }) => adminApi.get<AdminProductList>('products', { ...params }, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...root, 'detail', id],
      queryFn: ({ signal }) => adminApi.get<AdminProduct>(`products/${id}`, undefined, signal),
    }),
  options: () =>
    queryOptions({
      queryKey: ['admin', 'product-options'],
      queryFn: ({ signal }) => adminApi.get<ProductFormOptions>('product-options', undefined, signal),
    }),
  movements: (id: string, page: number) =>
    queryOptions({
      queryKey: [...root, 'movements', id, page],
      queryFn: ({ signal }) =>
        adminApi.get<StockMovementList>(`products/${id}/stock-movements`, { page, limit: 10 }, signal),
      placeholderData: keepPreviousData,
    }),
  sales: (id: string) =>
    queryOptions({
      queryKey: [...root, 'sales', id],
      queryFn: ({ signal }) => adminApi.get<ProductSales>(`products/${id}/sales`, undefined, signal),
    }),
};

export const useProducts = (params: ProductListParams) => useQuery(productQueries.list(params));
export const useProduct = (id: string) => useQuery(productQueries.detail(id));
export const useProductOptions = () => useQuery(productQueries.options());
/**
 * Display names of the catalogue's ids (issue 11 point 13): "Home & Garden" rather than `home`. Until
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

export const useStockMovements = (id: string, page: number) => useQuery(productQueries.movements(id, page));
export const useProductSales = (id: string) => useQuery(productQueries.sales(id));

/** Every product query is stale after a change: lists, details, movements. */
function useInvalidateProducts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: root });
}

export function useCreateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: CreateProductInput) => adminApi.post<AdminProduct>('products', body),
    onSuccess: invalidate,
  });
}

export function useUpdateProduct(id: string) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: UpdateProductBody) => adminApi.patch<AdminProduct>(`products/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useBulkPublish() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: { ids: string[]; published: boolean }) =>
      adminApi.post<{ updated: number }>('products/bulk-publish', body),
    onSuccess: invalidate,
  });
}

export function useAdjustStock(id: string) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: StockAdjustmentBody) =>
      adminApi.post<StockAdjustmentResult>(`products/${id}/stock-adjustments`, body),
    onSuccess: invalidate,
  });
}

/** Sends one picture (multipart field `file`); the API checks, resizes and stores it. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return adminApi.upload<UploadedImage>('uploads/images', form);
    },
  });
}
