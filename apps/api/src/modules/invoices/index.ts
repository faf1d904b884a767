/**
 * Invoices: the PDF of a pay-later order's invoice for the customer, a guest's signed link
 * and staff, and what the confirmation page shows about paying it.
 */

export { invoiceDocument } from './document.ts';
export { createInvoiceLinks, INVOICE_LINK_DAYS, type InvoiceLinks } from './links.ts';
export { adminInvoiceRoutes, invoiceRoutes } from './routes.ts';
export { createInvoicesService, type InvoicesService } from './service.ts';
