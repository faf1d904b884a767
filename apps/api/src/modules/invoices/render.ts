import { toInvoiceText } from '@shop/contracts/invoices';
import PDFDocument from 'pdfkit';
import { INVOICE_STATUS_LABELS, type InvoiceDocument } from './document.ts';

/**
 * The invoice as a PDF, laid out with pdfkit in its built-in standard fonts (Helvetica:
 * nothing to download or ship). Those fonts print Windows-1252 only, so every text goes through
 * `toInvoiceText` (accents kept, other letters spelled in Latin, the rest `?`). Letter size, as the
 * shop's dollars and en-US formats suggest; a long order continues on further pages with the table's
 * header repeated, and every page has a footer with the page count.
 *
 * The whole document is built synchronously before this returns (`end()` called), so a failure is
 * thrown here, before a byte of the answer is sent; the caller streams the returned document.
 */
export function renderInvoicePdf(doc: InvoiceDocument): PDFKit.PDFDocument {
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Invoice ${doc.number}`,
      Subject: `Order ${doc.orderNumber}`,
      Author: doc.seller.name,
      CreationDate: doc.renderedAt,
    },
  });
  const page = new Page(pdf);
  page.header(doc);
  page.parties(doc);
  page.lines(doc);
  page.totals(doc);
  page.payment(doc);
  page.footers(doc);
  pdf.end();
  return pdf;
}

const MARGIN = 54;
/** The logo fits in this box (points) above the seller's name. */
const LOGO_BOX: [number, number] = [180, 48];
const FOOTER_HEIGHT = 28;
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';

/** Table columns: item, quantity, unit price, amount (x and width; numbers right-aligned). */
const COLUMNS = {
  item: { x: MARGIN, width: 270 },
  quantity: { x: MARGIN + 270, width: 50 },
  unit: { x: MARGIN + 320, width: 92 },
  amount: { x: MARGIN + 412, width: 92 },
} as const;
const TABLE_WIDTH = 504;

/** Text as the standard fonts can print it. */
const printable = (text: string) => toInvoiceText(text).text;

/** The cursor over the document: where the next block goes, and a new page when it would not fit. */
class Page {
  private y = MARGIN;

  constructor(private readonly pdf: PDFKit.PDFDocument) {}

  private get bottom() {
    return this.pdf.page.height - MARGIN - FOOTER_HEIGHT;
  }

  private text(
    value: string,
    x: number,
    y: number,
    opts: { size?: number; bold?: boolean; color?: string; width?: number; align?: 'left' | 'right' } = {},
  ): number {
    this.pdf
      .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(opts.size ?? 10)
      .fillColor(opts.color ?? INK);
    const text = printable(value);
    const options = { width: opts.width, align: opts.align ?? 'left' } as const;
    this.pdf.text(text, x, y, options);
    return this.pdf.heightOfString(text, options);
  }

  private height(value: string, width: number, size: number, bold = false): number {
    this.pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    return this.pdf.heightOfString(printable(value), { width });
  }

  /** Starts a new page when `needed` points do not fit on this one. */
  private room(needed: number): boolean {
    if (this.y + needed <= this.bottom) return false;
    this.pdf.addPage();
    this.y = MARGIN;
    return true;
  }

  private rule(y: number) {
    this.pdf
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + TABLE_WIDTH, y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
  }

  /** The seller on the left; the title, number, dates and status on the right. */
  header(doc: InvoiceDocument) {
    const { seller } = doc;
    let left = this.y;
    if (seller.logo) {
      this.pdf.image(seller.logo, MARGIN, left, { fit: LOGO_BOX });
      left += LOGO_BOX[1] + 10;
    }
    left += this.text(seller.name, MARGIN, left, { size: 18, bold: true, width: 280 }) + 4;
    for (const line of seller.address) left += this.text(line, MARGIN, left, { color: MUTED, width: 280 });
    if (seller.email) left += this.text(seller.email, MARGIN, left, { color: MUTED, width: 280 });
    if (seller.phone) left += this.text(seller.phone, MARGIN, left, { color: MUTED, width: 280 });
    if (seller.taxId) left += this.text(`Tax ID: ${seller.taxId}`, MARGIN, left, { color: MUTED, width: 280 });

    const x = MARGIN + 300;
    const width = TABLE_WIDTH - 300;
    let right = this.y;
    right += this.text('INVOICE', x, right, { size: 22, bold: true, width, align: 'right' }) + 6;
    const facts: [string, string][] = [
      ['Invoice number', doc.number],
      ['Order number', doc.orderNumber],
      ['Issue date', doc.issued],
      ['Due date', doc.due],
      ['Status', INVOICE_STATUS_LABELS[doc.status]],
    ];
    for (const [label, value] of facts) {
      this.text(label, x, right, { color: MUTED, width: 90 });
      right += this.text(value, x + 90, right, { bold: true, width: width - 90, align: 'right' }) + 2;
    }
    this.y = Math.max(left, right) + 18;
    this.rule(this.y);
    this.y += 14;
  }

  /** Who is billed: the billing address (else the shipping address) and the e-mail. */
  parties(doc: InvoiceDocument) {
    this.text('BILL TO', MARGIN, this.y, { size: 8, bold: true, color: MUTED });
    this.y += 12;
    for (const line of doc.buyer.address) this.y += this.text(line, MARGIN, this.y, { width: 280 });
    this.y += this.text(doc.buyer.email, MARGIN, this.y, { color: MUTED, width: 280 }) + 18;
  }

  private tableHeader() {
    const y = this.y;
    const head = { size: 8, bold: true, color: MUTED } as const;
    this.text('ITEM', COLUMNS.item.x, y, { ...head, width: COLUMNS.item.width });
    this.text('QTY', COLUMNS.quantity.x, y, { ...head, width: COLUMNS.quantity.width, align: 'right' });
    this.text('UNIT PRICE', COLUMNS.unit.x, y, { ...head, width: COLUMNS.unit.width, align: 'right' });
    this.text('AMOUNT', COLUMNS.amount.x, y, { ...head, width: COLUMNS.amount.width, align: 'right' });
    this.y += 14;
    this.rule(this.y);
    this.y += 6;
  }

  /** Every line: name with its options or SKU, quantity, unit price and line total. */
  lines(doc: InvoiceDocument) {
    this.room(60);
    this.tableHeader();
    for (const line of doc.lines) {
      const width = COLUMNS.item.width - 10;
      const nameHeight = this.height(line.name, width, 10);
      const detailHeight = line.detail ? this.height(line.detail, width, 8) : 0;
      const rowHeight = nameHeight + detailHeight + 8;
      if (this.room(rowHeight)) this.tableHeader();
      const y = this.y;
      this.text(line.name, COLUMNS.item.x, y, { width });
      if (line.detail) this.text(line.detail, COLUMNS.item.x, y + nameHeight, { size: 8, color: MUTED, width });
      this.text(line.quantity, COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
      this.text(line.unitPrice, COLUMNS.unit.x, y, { width: COLUMNS.unit.width, align: 'right' });
      this.text(line.total, COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: 'right' });
      this.y += rowHeight;
      this.rule(this.y - 4);
    }
    this.y += 6;
  }

  /** Subtotal, discount, shipping, tax (with its rate) and the total, right-aligned under the amounts. */
  totals(doc: InvoiceDocument) {
    const rows = doc.totals.length + 1;
    this.room(rows * 16 + 10);
    const labelX = COLUMNS.unit.x - 90;
    const labelWidth = 180;
    for (const row of doc.totals) {
      this.text(row.label, labelX, this.y, { color: MUTED, width: labelWidth });
      this.text(row.value, COLUMNS.amount.x, this.y, { width: COLUMNS.amount.width, align: 'right' });
      this.y += 16;
    }
    this.pdf
      .moveTo(labelX, this.y)
      .lineTo(MARGIN + TABLE_WIDTH, this.y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
    this.y += 6;
    this.text('Total', labelX, this.y, { size: 12, bold: true, width: labelWidth });
    this.text(doc.total, COLUMNS.amount.x - 40, this.y, {
      size: 12,
      bold: true,
      width: COLUMNS.amount.width + 40,
      align: 'right',
    });
    this.y += 30;
    if (doc.taxNote) {
      this.room(40);
      this.y += this.text(doc.taxNote, MARGIN, this.y, { color: MUTED, width: TABLE_WIDTH }) + 14;
    }
  }

  /** How to pay (the transfer and its reference), or that it is paid or void. */
  payment(doc: InvoiceDocument) {
    const note = doc.payment;
    const width = TABLE_WIDTH;
    if (note.kind === 'paid') {
      this.room(30);
      this.text(`Paid on ${note.paidOn}. Thank you.`, MARGIN, this.y, { bold: true, width });
      return;
    }
    if (note.kind === 'void') {
      this.room(30);
      this.text('This invoice is void: the order was cancelled. Nothing is owed.', MARGIN, this.y, {
        bold: true,
        width,
      });
      return;
    }
    this.room(60 + note.bank.length * 16);
    this.y += this.text('PAYMENT', MARGIN, this.y, { size: 8, bold: true, color: MUTED }) + 4;
    const ask = note.overdue
      ? `This invoice was due on ${note.due}. Please pay ${note.amount} now`
      : `Please pay ${note.amount} by ${note.due}`;
    const how =
      note.bank.length > 0
        ? `${ask} by bank transfer to the account below, quoting the reference.`
        : `${ask}, quoting the reference. ${note.contact ? `Contact us (${note.contact}) for the payment details.` : 'Contact us for the payment details.'}`;
    this.y += this.text(how, MARGIN, this.y, { width }) + 8;
    for (const row of [...note.bank, { label: 'Reference', value: note.reference }]) {
      this.text(row.label, MARGIN, this.y, { color: MUTED, width: 110 });
      this.y += Math.max(16, this.text(row.value, MARGIN + 110, this.y, { bold: true, width: width - 110 }) + 4);
    }
    if (note.payBy) {
      this.y += 6;
      this.text(`An order still unpaid at ${note.payBy} is cancelled.`, MARGIN, this.y, { color: MUTED, width });
    }
  }

  /** Each page's footer: the store and its contact details, and "Page n of m". */
  footers(doc: InvoiceDocument) {
    const { start, count } = this.pdf.bufferedPageRange();
    const contact = [doc.seller.name, doc.seller.email, doc.seller.phone].filter(Boolean).join('  ·  ');
    for (let i = start; i < start + count; i++) {
      this.pdf.switchToPage(i);
      // Below the bottom margin pdfkit would start a new page for the text: lift the margin for it.
      const margins = this.pdf.page.margins;
      const bottom = margins.bottom;
      margins.bottom = 0;
      const y = this.pdf.page.height - MARGIN - 10;
      this.text(`${doc.number}  ·  ${contact}`, MARGIN, y, { size: 8, color: MUTED, width: 380 });
      this.text(`Page ${i - start + 1} of ${count}`, MARGIN + 380, y, {
        size: 8,
        color: MUTED,
        width: TABLE_WIDTH - 380,
        align: 'right',
      });
      margins.bottom = bottom;
    }
  }
}
