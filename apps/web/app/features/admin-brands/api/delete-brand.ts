import type { AdminBrand } from '@shop/contracts/admin-brands';
import { useMutation } from '@tanstack/react-query';
import { adminApi, noContent } from '../../admin/index.ts';
import { useInvalidateBrands } from './brand-keys.ts';

/** DELETE /api/admin/brands/:id: a brand no product uses (one in use answers 409 with how many). */
export function useDeleteBrand() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: (brand: AdminBrand) => adminApi.delete(noContent, `brands/${brand.id}`),
    onSuccess: invalidate,
  });
}
