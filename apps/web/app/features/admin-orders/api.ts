import type {
  AdminOrderDetail,
  AdminOrderList,
  OrderTransitionBody,
  PayLaterInvoice,
  PayLaterList,
  RefundOrderBody,
  TransactionList,
} from '@shop/contracts/admin-orders';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../admin/lib/client.ts';

/** List filters as the URL keeps them (strings; empty = no filter). */
export interface OrderListParams {
  status: string;
  method: string;
  q: string;
  from: string;
  to: string;
  page: number;
  limit: number;
}

export interface PayLaterParams {
  filter: string;
  q: string;
  page: number;
  limit: number;
}

export interface TransactionParams {
  kind: string;
  method: string;
  q: string;
  from: string;
  to: string;
  page: number;
  limit: number;
}

const orders = ['admin', 'orders'] as const;
const payLater = ['admin', 'pay-later'] as const;
const ledger = ['admin', 'transactions'] as const;

export const adminOrderQueries = {
  list: (params: OrderListParams) =>
    queryOptions({
      queryKey: [...orders, 'list', params],
      queryFn: ({ signal }) => adminApi.get<AdminOrderList>('orders', { ...params }, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...orders, 'detail', id],
      queryFn: ({ signal }) => adminApi.get<AdminOrderDetail>(`orders/${id}`, undefined, signal),
    }),
  payLater: (params: PayLaterParams) =>
    queryOptions({
      queryKey: [...payLater, params],
      queryFn: ({ signal }) => adminApi.get<PayLaterList>('pay-later', { ...params }, signal),
      placeholderData: keepPreviousData,
    }),
  transactions: (params: TransactionParams) =>
    queryOptions({
      queryKey: [...ledger, params],
      queryFn: ({ signal }) => adminApi.get<TransactionList>('transactions', { ...params }, signal),
      placeholderData: keepPreviousData,
    }),
};

export const useAdminOrders = (params: OrderListParams) => useQuery(adminOrderQueries.list(params));
export const useAdminOrder = (id: string) => useQuery(adminOrderQueries.detail(id));
export const usePayLater = (params: PayLaterParams) => useQuery(adminOrderQueries.payLater(params));
export const useTransactions = (params: TransactionParams) => useQuery(adminOrderQueries.transactions(params));

/** A change to an order moves its lists, its invoice and the ledger: all of them are refetched. */
function useInvalidateMoney() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: orders }),
      client.invalidateQueries({ queryKey: payLater }),
      client.invalidateQueries({ queryKey: ledger }),
    ]);
}

export function useOrderTransition(id: string) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: OrderTransitionBody) => adminApi.post<AdminOrderDetail>(`orders/${id}/status`, body),
    onSuccess: invalidate,
  });
}

export function useCancelOrder(id: string) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: { reason?: string }) => adminApi.post<AdminOrderDetail>(`orders/${id}/cancel`, body),
    onSuccess: invalidate,
  });
}

export function useRefundOrder(id: string) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: RefundOrderBody) => adminApi.post<AdminOrderDetail>(`orders/${id}/refund`, body),
    onSuccess: invalidate,
  });
}

export function useMarkInvoicePaid() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (invoiceId: string) => adminApi.post<PayLaterInvoice>(`pay-later/${invoiceId}/mark-paid`),
    onSuccess: invalidate,
  });
}

export function useSendReminder() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (invoiceId: string) => adminApi.post<PayLaterInvoice>(`pay-later/${invoiceId}/remind`),
    onSuccess: invalidate,
  });
}
