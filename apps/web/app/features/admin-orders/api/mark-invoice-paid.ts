import { payLaterInvoice } from '@shop/contracts/admin-orders';
import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../admin/index.ts';
import { useInvalidateMoney } from './order-keys.ts';

/** POST /api/admin/pay-later/:id/mark-paid. */
export function useMarkInvoicePaid() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (invoiceId: string) => adminApi.post(payLaterInvoice, `pay-later/${invoiceId}/mark-paid`),
    onSuccess: invalidate,
  });
}
