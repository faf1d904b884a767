import { transactionList } from '@shop/contracts/admin-orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { transactionsRoot } from './order-keys.ts';

export interface TransactionParams {
  kind: string;
  method: string;
  q: string;
  from: string;
  to: string;
  page: number;
  limit: number;
}

/** GET /api/admin/transactions: the ledger, filtered. */
export const transactionsQuery = (params: TransactionParams) =>
  queryOptions({
    queryKey: [...transactionsRoot, params],
    queryFn: ({ signal }) => adminApi.get(transactionList, 'transactions', { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (params: TransactionParams) => useQuery(transactionsQuery(params));
