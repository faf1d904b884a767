import type { DiscountUpdateBody } from '@shop/contracts/admin-discounts';
import { adminDiscount } from '@shop/contracts/admin-discounts';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';
import type { DiscountBody } from '../discount-form.ts';

/** PATCH /api/admin/discounts/:id: the dialog's fields, or one switch (active). */
export const useUpdateDiscount = () =>
  useBackOfficeMutation(({ id, body }: { id: string; body: DiscountBody | DiscountUpdateBody }) =>
    adminApi.patch(adminDiscount, `discounts/${id}`, body),
  );
