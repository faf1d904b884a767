import { eq } from 'drizzle-orm';
import { invoices } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers.ts';
import { forceStatus, freshOrder, PAY_LATER } from '../orders-fixtures.ts';
import type { RouteSamples } from './types.ts';

/** A fresh pay-later order's invoice id: every caller gets its own open invoice. */
async function openInvoice(t: TestApp) {
  const { order } = await freshOrder(t, { payment: PAY_LATER });
  const [inv] = await t.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, order.id));
  if (!inv) throw new Error('no invoice');
  return inv.id;
}

/** Sample requests for the admin orders routes (see admin-access.test.ts); each call gets a fresh order. */
export const ordersSamples: RouteSamples = {
  'GET /api/admin/orders': { request: () => ({ url: '/api/admin/orders?status=paid,shipped&limit=5' }) },
  'GET /api/admin/orders/:id': {
    request: async (t) => ({ url: `/api/admin/orders/${(await freshOrder(t)).order.id}` }),
  },
  'POST /api/admin/orders/:id/status': {
    request: async (t) => ({
      url: `/api/admin/orders/${(await freshOrder(t)).order.id}/status`,
      payload: { status: 'shipped', tracking_number: '1Z999AA10123456784' },
    }),
  },
  'POST /api/admin/orders/:id/cancel': {
    request: async (t) => ({
      url: `/api/admin/orders/${(await freshOrder(t)).order.id}/cancel`,
      payload: { reason: 'Out of stock at the warehouse' },
    }),
  },
  'POST /api/admin/orders/:id/refund': {
    request: async (t) => {
      const { order } = await freshOrder(t);
      await forceStatus(t, order.id, 'delivered');
      return { url: `/api/admin/orders/${order.id}/refund`, payload: { amount: 1, reason: 'Late delivery' } };
    },
  },
  // A pay-later order's invoice as PDF, under the same rule as viewing the order.
  'GET /api/admin/orders/:id/invoice.pdf': {
    request: async (t) => ({
      url: `/api/admin/orders/${(await freshOrder(t, { payment: PAY_LATER })).order.id}/invoice.pdf`,
    }),
  },
  'GET /api/admin/pay-later': { request: () => ({ url: '/api/admin/pay-later?filter=overdue' }) },
  'POST /api/admin/pay-later/:invoiceId/mark-paid': {
    request: async (t) => ({ url: `/api/admin/pay-later/${await openInvoice(t)}/mark-paid` }),
  },
  'POST /api/admin/pay-later/:invoiceId/remind': {
    request: async (t) => ({ url: `/api/admin/pay-later/${await openInvoice(t)}/remind` }),
  },
  'GET /api/admin/transactions': { request: () => ({ url: '/api/admin/transactions?kind=charge&limit=5' }) },
};
