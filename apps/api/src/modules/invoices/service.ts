import type { Readable } from 'node:stream';
import type { PaymentInstructions } from '@shop/contracts/invoices';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';
import { loadOrder, type OrderBundle } from '../orders/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { invoiceDocument } from './document.ts';
import type { InvoiceLinks } from './links.ts';
import { renderInvoicePdf } from './render.ts';

/** The rendered invoice: its file name (`INV-….pdf`) and the PDF, ready to stream. */
export interface InvoicePdf {
  filename: string;
  pdf: Readable;
}

/**
 * Why no PDF: no such order (or not the caller's: alike), an order without an invoice (paid by
 * card), or a signed link that is forged, altered, for another order, or past its expiry.
 */
export type InvoiceFailure =
  | Failure<'not_found'>
  | Failure<'no_invoice', { number: string }>
  | Failure<'link_invalid'>
  | Failure<'link_expired'>;

/**
 * Pay-later invoices as PDF, for the customer who placed the order, for anyone holding the
 * order's signed link (guests, who cannot sign in to read it), and for staff. Rendered on each
 * download from the order as sold and the store's settings as they are now.
 */
export function createInvoicesService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { settings, links }: { settings: SettingsService; links: InvoiceLinks },
) {
  async function render(
    orderId: string,
    allowed: (bundle: OrderBundle) => boolean,
  ): Promise<Result<InvoicePdf, InvoiceFailure>> {
    if (!isUuid(orderId)) return fail('not_found');
    const bundle = await loadOrder(db, orderId);
    if (!bundle || !allowed(bundle)) return fail('not_found');
    const { invoice } = bundle;
    if (!invoice) return fail('no_invoice', { number: bundle.order.number });
    const [current, logo] = await Promise.all([settings.get(), settings.logoPng()]);
    const doc = invoiceDocument({ ...bundle, invoice }, current, clock.now(), logo);
    return ok({ filename: `${invoice.number}.pdf`, pdf: renderInvoicePdf(doc) });
  }

  return {
    /** GET /api/orders/:id/invoice.pdf, signed in: the customer's own order only (another's is not found). */
    forCustomer(userId: string, orderId: string) {
      return render(orderId, (b) => b.order.userId === userId);
    },

    /** GET /api/orders/:id/invoice.pdf?token=…: the link's token is checked before the order is looked up. */
    async withLink(orderId: string, token: string): Promise<Result<InvoicePdf, InvoiceFailure>> {
      const check = links.check(orderId, token);
      if (check === 'invalid') return fail('link_invalid');
      if (check === 'expired') return fail('link_expired');
      return render(orderId, () => true);
    },

    /** GET /api/admin/orders/:id/invoice.pdf: any order's invoice, for staff who may see orders. */
    forStaff(orderId: string) {
      return render(orderId, () => true);
    },

    /** The signed path of an order's PDF (`invoice.pdf_url`), valid for INVOICE_LINK_DAYS. */
    pdfPath: links.pdfPath,

    /** What the pay-later confirmation page shows: the account to pay into and the reference format. */
    async paymentInstructions(): Promise<PaymentInstructions> {
      return { ...(await settings.get()).bank };
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
