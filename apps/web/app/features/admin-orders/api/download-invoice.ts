import { downloadFile } from '../../admin/index.ts';

/** GET /api/admin/orders/:id/invoice.pdf: the order's invoice as PDF, saved by the browser. */
export const downloadInvoicePdf = (orderId: string, invoiceNumber: string) =>
  downloadFile(`admin/orders/${encodeURIComponent(orderId)}/invoice.pdf`, `${invoiceNumber}.pdf`);
