import type {
  CategoriesReport,
  CustomerDetail,
  CustomerRow,
  customerList,
  Dashboard,
  Group,
  SalesReport,
  TopProductsReport,
} from '@shop/contracts/admin-insights';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminApi } from '../admin/lib/client.ts';

export type CustomerList = z.infer<typeof customerList>;
export interface DayRange {
  from: string;
  to: string;
}
export interface CustomerListParams {
  q: string;
  status: string;
  sort: string;
  page: number;
  limit: number;
}

const root = ['admin', 'insights'] as const;

/** Query options for the dashboard, reports and customers (issue 5), reused for invalidation. */
export const insightsQueries = {
  dashboard: (r: DayRange) =>
    queryOptions({
      queryKey: [...root, 'dashboard', r],
      queryFn: ({ signal }) => adminApi.get<Dashboard>('dashboard', { ...r }, signal),
      placeholderData: keepPreviousData,
    }),
  sales: (r: DayRange, group: Group) =>
    queryOptions({
      queryKey: [...root, 'sales', r, group],
      queryFn: ({ signal }) => adminApi.get<SalesReport>('reports/sales', { ...r, group }, signal),
      placeholderData: keepPreviousData,
    }),
  categories: (r: DayRange) =>
    queryOptions({
      queryKey: [...root, 'categories', r],
      queryFn: ({ signal }) => adminApi.get<CategoriesReport>('reports/categories', { ...r }, signal),
      placeholderData: keepPreviousData,
    }),
  topProducts: (r: DayRange, limit = 10) =>
    queryOptions({
      queryKey: [...root, 'top-products', r, limit],
      queryFn: ({ signal }) => adminApi.get<TopProductsReport>('reports/top-products', { ...r, limit }, signal),
      placeholderData: keepPreviousData,
    }),
  customers: (params: CustomerListParams) =>
    queryOptions({
      queryKey: ['admin', 'customers', 'list', params],
      queryFn: ({ signal }) => adminApi.get<CustomerList>('customers', { ...params }, signal),
      placeholderData: keepPreviousData,
    }),
  customer: (id: string, page: number) =>
    queryOptions({
      queryKey: ['admin', 'customers', 'detail', id, page],
      queryFn: ({ signal }) => adminApi.get<CustomerDetail>(`customers/${id}`, { page, limit: 10 }, signal),
      placeholderData: keepPreviousData,
    }),
};

/** Disables or enables a customer; the list and the detail refetch. */
export function useSetCustomerDisabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      adminApi.post<CustomerRow>(`customers/${id}/${disabled ? 'disable' : 'enable'}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'customers'] }),
  });
}
