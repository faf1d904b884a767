import { adminDiscount } from '@shop/contracts/admin-discounts';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';
import type { DiscountBody } from '../discount-form.ts';

/** POST /api/admin/discounts: a new code. */
export const useCreateDiscount = () =>
  useBackOfficeMutation((body: DiscountBody) => adminApi.post(adminDiscount, 'discounts', body));
