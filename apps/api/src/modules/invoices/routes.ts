import { normalizeIP } from '@fastify/rate-limit';
import { uuidParam } from '@shop/contracts/common';
import { errorBody } from '@shop/contracts/errors';
import { invoicePdfQuery } from '@shop/contracts/invoices';
import { orderIdParam } from '@shop/contracts/orders';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbidden, type HttpTable, notFound, orThrow } from '../../errors.ts';
import { currentUserId } from '../../plugins/auth.ts';
import { ORDER_MSG } from '../orders/index.ts';
import { type AdminRoutesPlugin, adminDoc, type RoutesPlugin } from '../types.ts';
import type { InvoiceFailure, InvoicePdf } from './service.ts';

export const INVOICE_MSG = {
  linkInvalid:
    'This invoice link is not valid. Open it again from your order confirmation, or sign in to download the invoice from your orders.',
  linkExpired:
    'This invoice link has expired. Sign in to download the invoice from your orders, or contact us for a copy.',
} as const;

const http: HttpTable<InvoiceFailure> = {
  not_found: () => notFound(ORDER_MSG.notFound),
  no_invoice: ({ number }) =>
    notFound(`Order ${number} has no invoice: only orders paid later by invoice have one (a card payment has none)`),
  link_invalid: () => forbidden(INVOICE_MSG.linkInvalid),
  link_expired: () => forbidden(INVOICE_MSG.linkExpired),
};

/** Rendering costs CPU: per client address, like every route anyone may call. */
const INVOICE_PDF_LIMIT = {
  max: 30,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => `invoice-pdf:${normalizeIP(request.ip)}`,
};

const pdfAnswer = z.any().describe('The invoice as a PDF file (application/pdf), an attachment named <number>.pdf');

/**
 * The PDF as a download. Private and never stored by a cache: it carries the buyer's name and address.
 * The file name is the invoice number (`INV-` and digits), so it needs no quoting beyond the quotes.
 */
function sendPdf(reply: FastifyReply, { filename, pdf }: InvoicePdf) {
  return reply
    .headers({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'private, no-store',
    })
    .send(pdf);
}

/** A pay-later order's invoice as PDF, under /api/orders. */
export const invoiceRoutes: RoutesPlugin = async (app, { services, guards }) => {
  app.get(
    '/:id/invoice.pdf',
    {
      // The signed link is its own authority (a guest has no session); without one, sign in.
      onRequest: async (request, reply) => {
        if ((request.query as { token?: unknown }).token === undefined) await guards.authenticate(request, reply);
      },
      config: { rateLimit: INVOICE_PDF_LIMIT },
      schema: {
        tags: ['orders'],
        summary: 'The invoice of a pay-later order as PDF: one’s own order, or anyone’s with its signed link',
        description:
          'Signed in: only one’s own order (another’s is 404 like an unknown one). With `token` (from `invoice.pdf_url` of the order answer or the confirmation mail, valid 90 days): no sign-in needed; a forged or expired link is 403. An order without an invoice (paid by card) is 404.',
        security: [{ bearer: [] }, {}],
        params: orderIdParam,
        querystring: invoicePdfQuery,
        response: { 200: pdfAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { token } = request.query;
      const result =
        token === undefined
          ? await services.invoices.forCustomer(currentUserId(request), id)
          : await services.invoices.withLink(id, token);
      return sendPdf(reply, orThrow(result, http));
    },
  );
};

/** Any order's invoice as PDF for staff, under /api/admin (as viewing orders: staff and admins). */
export const adminInvoiceRoutes: AdminRoutesPlugin = async (app, { services }) => {
  app.get(
    '/orders/:id/invoice.pdf',
    {
      schema: {
        ...adminDoc,
        tags: ['admin'],
        summary: 'The invoice of a pay-later order as PDF',
        description: 'An order without an invoice (paid by card) is 404.',
        params: uuidParam,
        response: { 200: pdfAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => sendPdf(reply, orThrow(await services.invoices.forStaff(request.params.id), http)),
  );
};
