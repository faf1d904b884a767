import { type AdminDiscount, discountDeleteAnswer } from '@shop/contracts/admin-discounts';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';

/** DELETE /api/admin/discounts/:id: a code never used (a used one answers 409). */
export const useDeleteDiscount = () =>
  useBackOfficeMutation((d: AdminDiscount) => adminApi.delete(discountDeleteAnswer, `discounts/${d.id}`));
