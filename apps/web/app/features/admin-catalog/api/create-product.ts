import type { CreateProductInput } from '@shop/contracts/admin-catalog';
import { adminProduct } from '@shop/contracts/admin-catalog';
import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { useInvalidateProducts } from './product-keys.ts';

/** POST /api/admin/products. */
export function useCreateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: CreateProductInput) => adminApi.post(adminProduct, 'products', body),
    onSuccess: invalidate,
  });
}
