import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { useInvalidateProducts } from './product-keys.ts';

/** POST /api/admin/products/bulk-publish: publishes or unpublishes the chosen products. */
export function useBulkPublish() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: { ids: string[]; published: boolean }) =>
      adminApi.post<{ updated: number }>('products/bulk-publish', body),
    onSuccess: invalidate,
  });
}
