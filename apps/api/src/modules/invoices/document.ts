import { addressLines, type PostalAddress } from '@shop/contracts/address-format';
import { formatMinor } from '@shop/contracts/currency';
import { bankDetailRows, hasBankAccount, paymentReference } from '@shop/contracts/invoices';
import { currencyUnit } from '@shop/contracts/iso-currencies';
import { describeOptions, soldOptions } from '@shop/contracts/line-options';
import { REVERSE_CHARGE_NOTE, taxRows } from '@shop/contracts/tax';
import type { invoices } from '../../db/schema.ts';
import type { OrderBundle } from '../orders/index.ts';
import type { Settings } from '../settings/index.ts';

export type InvoiceStatus = 'open' | 'overdue' | 'paid' | 'void';

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

/** How the invoice asks to be paid, or says it need not be. */
export type PaymentNote =
  | {
      kind: 'due';
      overdue: boolean;
      amount: string;
      due: string;
      /** The account to pay into (empty: the store has none set; the shopper is asked to get in touch). */
      bank: { label: string; value: string }[];
      reference: string;
      contact: string;
      /** A guest's order is cancelled when still unpaid at this time. */
      payBy: string | null;
    }
  | { kind: 'paid'; paidOn: string }
  | { kind: 'void' };

/** Everything the PDF prints, as text already formatted (money, dates in the store's zone). */
export interface InvoiceDocument {
  number: string;
  orderNumber: string;
  status: InvoiceStatus;
  issued: string;
  due: string;
  seller: { name: string; address: string[]; email: string; phone: string; taxId: string; logo: Buffer | null };
  buyer: { email: string; address: string[] };
  lines: { name: string; detail: string; quantity: string; unitPrice: string; total: string }[];
  totals: { label: string; value: string }[];
  total: string;
  payment: PaymentNote;
  /** Under the totals: the reverse-charge statement with the buyer's VAT number; null: none. */
  taxNote: string | null;
  /** The document's own date (its metadata): when it was rendered. */
  renderedAt: Date;
}

type InvoiceRow = typeof invoices.$inferSelect;

/** Open and past its due date: overdue, as the order answer says (orders' wire.ts). */
export function invoiceStatus(invoice: InvoiceRow, now: Date): InvoiceStatus {
  return invoice.status === 'open' && invoice.dueAt.getTime() < now.getTime() ? 'overdue' : invoice.status;
}

const dateIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });

/**
 * The invoice of a pay-later order as it stands at `now`: the seller from the store's
 * settings as they are now (the address and bank may have changed since; an invoice shows where to
 * pay today), the buyer and every figure from the order as sold.
 */
export function invoiceDocument(
  bundle: OrderBundle & { invoice: InvoiceRow },
  settings: Settings,
  now: Date,
  /** The store's logo as a PNG (settings `logoPng`), printed above the seller; null: none. */
  logo: Buffer | null = null,
): InvoiceDocument {
  const { order, invoice } = bundle;
  const date = dateIn(settings.timeZone);
  const status = invoiceStatus(invoice, now);
  const billTo = (order.billingAddress ?? order.shippingAddress) as PostalAddress;
  // Every figure in the order's own currency (docs/adr/050-currencies.md).
  const currency = currencyUnit(order.currency);
  const money = (minor: number) => formatMinor(minor, currency);
  const totals = [
    { label: 'Subtotal', value: money(order.subtotalCents) },
    ...(order.discountCents > 0
      ? [
          {
            label: order.discountCode ? `Discount (${order.discountCode})` : 'Discount',
            value: `-${money(order.discountCents)}`,
          },
        ]
      : []),
    { label: 'Shipping', value: order.shippingCents === 0 ? 'Free' : money(order.shippingCents) },
    ...taxRows(order).map((row) => ({ label: row.label, value: money(row.cents) })),
  ];

  return {
    number: invoice.number,
    orderNumber: order.number,
    status,
    issued: date.format(invoice.issuedAt),
    due: date.format(invoice.dueAt),
    seller: {
      name: settings.legalName || settings.storeName,
      logo,
      address: settings.address
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
      email: settings.contactEmail,
      phone: settings.contactPhone,
      taxId: settings.taxId,
    },
    buyer: { email: order.email, address: addressLines(billTo) },
    lines: bundle.lines.map((l) => ({
      name: l.name,
      detail: [describeOptions(soldOptions(l)), l.sku ? `SKU ${l.sku}` : ''].filter(Boolean).join(' · '),
      quantity: String(l.quantity),
      unitPrice: money(l.unitPriceCents),
      total: money(l.unitPriceCents * l.quantity),
    })),
    totals,
    total: money(order.totalCents),
    payment: paymentNote(bundle, settings, status, now),
    taxNote: order.reverseCharge ? `${REVERSE_CHARGE_NOTE} Buyer's VAT number: ${order.vatNumber ?? ''}` : null,
    renderedAt: now,
  };
}

function paymentNote(
  { order, invoice }: OrderBundle & { invoice: InvoiceRow },
  settings: Settings,
  status: InvoiceStatus,
  now: Date,
): PaymentNote {
  if (status === 'paid') return { kind: 'paid', paidOn: dateIn(settings.timeZone).format(invoice.paidAt ?? now) };
  if (status === 'void') return { kind: 'void' };
  return {
    kind: 'due',
    overdue: status === 'overdue',
    amount: formatMinor(invoice.amountCents, currencyUnit(order.currency)),
    due: dateIn(settings.timeZone).format(invoice.dueAt),
    bank: hasBankAccount(settings.bank) ? bankDetailRows(settings.bank) : [],
    reference: paymentReference(settings.bank.payment_reference, order.number),
    contact: [settings.contactEmail, settings.contactPhone].filter(Boolean).join(' or '),
    payBy: order.payBy && order.status === 'placed' ? dateTimeIn(settings.timeZone).format(order.payBy) : null,
  };
}
