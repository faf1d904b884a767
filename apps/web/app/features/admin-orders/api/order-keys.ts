import { useQueryClient } from '@tanstack/react-query';

export const ordersRoot = ['admin', 'orders'] as const;
export const payLaterRoot = ['admin', 'pay-later'] as const;
export const transactionsRoot = ['admin', 'transactions'] as const;

/** A change to an order moves its lists, its invoice and the ledger: all of them are refetched. */
export function useInvalidateMoney() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ordersRoot }),
      client.invalidateQueries({ queryKey: payLaterRoot }),
      client.invalidateQueries({ queryKey: transactionsRoot }),
    ]);
}
