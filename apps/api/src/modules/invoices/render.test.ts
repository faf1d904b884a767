import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import type { InvoiceDocument } from './document.ts';
import { renderInvoicePdf } from './render.ts';

function collect(pdf: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

const DOC: InvoiceDocument = {
  number: 'INV-100042',
  orderNumber: 'SO-100042',
  status: 'open',
  issued: 'Jan 5, 2026',
  due: 'Jan 19, 2026',
  seller: {
    name: 'Harbour Goods',
    address: ['1 Quay Street', 'Bristol BS1 4DJ'],
    email: 'hello@harbour.example',
    phone: '+44 117 496 0000',
    taxId: 'GB123456789',
    logo: null,
  },
  buyer: { email: 'ada@example.com', address: ['Ada Lovelace', '12 Analytical Way', 'N1 9GU London'] },
  lines: [
    { name: 'Trail Runner', detail: 'Red / 42 · SKU TR-RED-42', quantity: '2', unitPrice: '$80.00', total: '$160.00' },
  ],
  totals: [
    { label: 'Subtotal', value: '$160.00' },
    { label: 'Shipping', value: 'Free' },
    { label: 'Tax (8.25%)', value: '$13.20' },
  ],
  total: '$173.20',
  payment: {
    kind: 'due',
    overdue: false,
    amount: '$173.20',
    due: 'Jan 19, 2026',
    bank: [
      { label: 'Account holder', value: 'Harbour Goods Ltd' },
      { label: 'IBAN', value: 'GB82 WEST 1234 5698 7654 32' },
    ],
    reference: 'Order SO-100042',
    contact: 'hello@harbour.example',
    payBy: null,
  },
  taxNote: null,
  renderedAt: new Date('2026-01-05T10:00:00Z'),
};

describe('the invoice PDF', () => {
  it('prints the store’s logo above the seller when it has one, and no picture without', async () => {
    const logo = await sharp({ create: { width: 300, height: 100, channels: 4, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const withLogo = (await collect(renderInvoicePdf({ ...DOC, seller: { ...DOC.seller, logo } }))).toString('latin1');
    const without = (await collect(renderInvoicePdf(DOC))).toString('latin1');
    expect(withLogo).toMatch(/\/Subtype \/Image/);
    expect(withLogo).toMatch(/\/Width 300/);
    expect(without).not.toMatch(/\/Subtype \/Image/);
    expect(pdfText(Buffer.from(withLogo, 'latin1'))).toContain('Harbour Goods');
  });

  it('is a PDF whose text has the seller, the buyer, the figures and how to pay', async () => {
    const pdf = await collect(renderInvoicePdf(DOC));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Harbour Goods',
      'Tax ID: GB123456789',
      'INV-100042',
      'SO-100042',
      'Jan 19, 2026',
      'Open',
      'Ada Lovelace',
      'ada@example.com',
      'Trail Runner',
      'Red / 42 · SKU TR-RED-42',
      '$160.00',
      'Tax (8.25%)',
      '$173.20',
      'GB82 WEST 1234 5698 7654 32',
      'Order SO-100042',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    // Standard fonts only: nothing embedded.
    expect(pdf.toString('latin1')).not.toContain('/FontFile');
  });

  it('prints the reverse-charge statement with the buyer’s VAT number under the totals', async () => {
    const note = 'Reverse charge: VAT to be accounted for by the recipient. Buyer’s VAT number: DE136695976';
    const text = pdfText(await collect(renderInvoicePdf({ ...DOC, taxNote: note })));
    expect(text).toContain('Reverse charge: VAT to be accounted for by the recipient.');
    expect(text).toContain('DE136695976');
  });

  it('continues a long order on further pages, each with the table header and its page number', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => ({ ...DOC.lines[0]!, name: `Item number ${i + 1}` }));
    const text = pdfText(await collect(renderInvoicePdf({ ...DOC, lines })));
    for (let i = 1; i <= 100; i++) expect(text).toContain(`Item number ${i}\n`);
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(2);
    // Every page with lines starts with the header; the totals may take a page of their own.
    const headers = text.match(/^UNIT PRICE$/gm)?.length ?? 0;
    expect(headers).toBeGreaterThanOrEqual(pages - 1);
    expect(headers).toBeLessThanOrEqual(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('prints letters the fonts lack in Latin, and a ? for what has no Latin spelling', async () => {
    const doc = { ...DOC, buyer: { ...DOC.buyer, address: ['Łucja Dvořák', 'ul. Długa 5', '東京'] } };
    const text = pdfText(await collect(renderInvoicePdf(doc)));
    expect(text).toContain('Lucja Dvorák');
    expect(text).toContain('ul. Dluga 5');
    expect(text).toContain('??');
  });

  it('says a paid invoice is paid and a void one owes nothing, without bank details', async () => {
    const paid = pdfText(
      await collect(renderInvoicePdf({ ...DOC, status: 'paid', payment: { kind: 'paid', paidOn: 'Jan 9, 2026' } })),
    );
    expect(paid).toContain('Paid on Jan 9, 2026. Thank you.');
    expect(paid).not.toContain('GB82');
    const voided = pdfText(await collect(renderInvoicePdf({ ...DOC, status: 'void', payment: { kind: 'void' } })));
    expect(voided).toContain('This invoice is void: the order was cancelled. Nothing is owed.');
    expect(voided).toContain('Void');
  });
});
