import type { CreateBrandInput, UpdateBrandInput } from '@shop/contracts/admin-brands';
import { adminBrand } from '@shop/contracts/admin-brands';
import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { useInvalidateBrands } from './brand-keys.ts';

/** POST /api/admin/brands, or PATCH /api/admin/brands/:id for a brand being edited. */
export function useSaveBrand() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateBrandInput | UpdateBrandInput }) =>
      id ? adminApi.patch(adminBrand, `brands/${id}`, body) : adminApi.post(adminBrand, 'brands', body),
    onSuccess: invalidate,
  });
}
