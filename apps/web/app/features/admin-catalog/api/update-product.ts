import type { UpdateProductBody } from '@shop/contracts/admin-catalog';
import { adminProduct } from '@shop/contracts/admin-catalog';
import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { useInvalidateProducts } from './product-keys.ts';

/** PATCH /api/admin/products/:id. */
export function useUpdateProduct(id: string) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: UpdateProductBody) => adminApi.patch(adminProduct, `products/${id}`, body),
    onSuccess: invalidate,
  });
}
