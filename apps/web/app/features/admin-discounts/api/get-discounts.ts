import { adminDiscountList } from '@shop/contracts/admin-discounts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

export const DISCOUNTS_PAGE_SIZE = 20;

export interface DiscountListParams {
  q: string;
  page: number;
  limit: number;
}

/** GET /api/admin/discounts: one page of discount codes, searched by code. */
export const discountsQuery = (params: DiscountListParams) =>
  queryOptions({
    queryKey: backOfficeKey('discounts', params),
    queryFn: ({ signal }) => adminApi.get(adminDiscountList, 'discounts', { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const useDiscounts = (params: DiscountListParams) => useQuery(discountsQuery(params));
