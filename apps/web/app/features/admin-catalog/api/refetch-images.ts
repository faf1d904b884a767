import { refetchAnswer } from '@shop/contracts/admin-catalog-io';
import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { useInvalidateProducts } from './product-keys.ts';

/** POST /api/admin/products/:id/missing-images/fetch: the pictures an import could not fetch, again. */
export function useRefetchImages(id: string) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: () => adminApi.post(refetchAnswer, `products/${id}/missing-images/fetch`, {}),
    onSuccess: invalidate,
  });
}
