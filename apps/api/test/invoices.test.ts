import { randomUUID } from 'node:crypto';
import type { AdminSettings } from '@shop/contracts/admin-settings';
import type { Order } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, mailOutbox, payments, storeSettings } from '../src/db/schema.ts';
import { multipartFile } from './admin-catalog-fixtures.ts';
import { currentSettings } from './admin-store-fixtures.ts';
import { authHeaders, createProduct, freshIp } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { BANK_DETAILS as BANK } from './invoice-fixtures.ts';
import { addToCart, createDiscount, guestBody, placeOrder, userBody } from './orders-fixtures.ts';
import { pdfText } from './pdf-text.ts';

// The bank details in admin Settings, the invoice as PDF, and who may
// download it — the customer, a guest through the signed link of the order answer, and staff.

let t: TestApp;
let original: AdminSettings;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.com' } });
  original = await currentSettings(t);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;

/** Fresh tokens on every call: tests that move the clock by days outlive the 15-minute ones. */
const asAdmin = async () => authHeaders(t, await createUser(t, { role: 'admin' }));
const asStaff = async () => authHeaders(t, await createUser(t, { role: 'staff' }));

const putSettings = async (body: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await asAdmin(), payload: body as object });

async function withBankDetails(extra: Partial<AdminSettings> = {}) {
  const res = await putSettings({
    ...original,
    store_name: 'Harbour Goods',
    address: '1 Quay Street\nBristol BS1 4DJ',
    contact_email: 'hello@harbour.example',
    contact_phone: '',
    ...BANK,
    ...extra,
  });
  expect(res.statusCode).toBe(200);
}

/** A product with one colour and size, so its line has options and a SKU. */
const lantern = () =>
  createProduct(t, {
    name: `Harbour Lantern ${randomUUID().slice(0, 4)}`,
    salePriceCents: 2500,
    colors: ['Red'],
    availableSizes: ['M'],
  });

async function guestOrder(extra: Record<string, unknown> = {}): Promise<Order> {
  const p = await lantern();
  const res = await placeOrder(
    t,
    guestBody([{ product_id: p.id, variant_id: p.variants[0]?.id, quantity: 2 } as never], extra),
    { ip: freshIp() },
  );
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
}

async function customerOrder() {
  const user = await createUser(t);
  const headers = await authHeaders(t, user);
  const p = await lantern();
  await addToCart(t, headers, p.id, 1);
  const res = await placeOrder(t, userBody(), { headers, ip: freshIp() });
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.statusCode} ${res.body}`);
  return { user, headers, order: res.json() as Order, product: p };
}

const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
const pdfOf = (res: { rawPayload: Buffer }) => pdfText(res.rawPayload);

describe('bank details in admin Settings', () => {
  it('are saved, shown to admins, audited, and a reference without {number} or a bad IBAN is refused', async () => {
    await withBankDetails();
    const shown = await get('/api/admin/settings', await asAdmin());
    expect(shown.json()).toMatchObject(BANK);
    const [row] = await t.db.select().from(storeSettings);
    expect(row).toMatchObject({
      bankAccount: BANK.bank_account,
      paymentReference: 'Order {number}',
      taxId: BANK.tax_id,
    });
    const audited = (await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).at(-1);
    expect(audited?.after).toMatchObject(BANK);

    const saved = await currentSettings(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { bank_account: 'GB82 WEST 1234 5698 7654 33' },
        'body.bank_account',
        'This IBAN is not valid: its check digits do not match (look for a typing error)',
      ],
      [{ payment_reference: 'Order' }, 'body.payment_reference', 'Payment reference must contain {number}'],
      [
        { bank_account_holder: 'Harbour\u001bGoods' },
        'body.bank_account_holder',
        'Account holder must be one plain line (no line breaks or control characters)',
      ],
      [
        { bank_name: 'NatWest\r\nBcc: x@example.com' },
        'body.bank_name',
        'Bank name must be one plain line (no line breaks or control characters)',
      ],
      [{ bank_account: '' }, 'body.bank_account', 'Account number (IBAN) is required with the other bank details'],
      [{ tax_id: 'x'.repeat(31) }, 'body.tax_id', 'Tax ID must be at most 30 characters'],
    ];
    for (const [change, path, message] of cases) {
      const res = await putSettings({ ...saved, ...change });
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([400, 'VALIDATION_ERROR', message]);
      expect(res.json().details.issues[0].path).toBe(path);
    }
    expect(await currentSettings(t)).toEqual(saved);
  });
});

describe('the invoice PDF', () => {
  it('prints seller, buyer, invoice and order numbers, dates, lines, totals and how to pay', async () => {
    await withBankDetails();
    const discount = await createDiscount(t, { kind: 'percent', value: 10 });
    const order = await guestOrder({
      discount_code: discount.code,
      billing_address: {
        name: 'Grace Hopper',
        line1: '7 Billing Lane',
        city: 'Arlington',
        region: 'VA',
        postal_code: '22201',
        country: 'us',
      },
    });
    expect(order.invoice?.pdf_url).toMatch(/^\/api\/orders\/[\w-]+\/invoice\.pdf\?token=\d+\.[\w-]{43}$/);

    const res = await get(order.invoice?.pdf_url ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${order.invoice?.number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = pdfOf(res);
    const line = order.lines[0];
    const dueDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium' }).format(
      new Date(order.invoice?.due_at ?? ''),
    );
    for (const expected of [
      'Harbour Goods',
      '1 Quay Street',
      'Bristol BS1 4DJ',
      'hello@harbour.example',
      'Tax ID: GB 123 4567 89',
      order.invoice?.number ?? '?',
      order.number,
      dueDay,
      'Open',
      // Billed to the billing address, not the shipping one.
      'Grace Hopper',
      '7 Billing Lane',
      'United States',
      order.email,
      line?.name ?? '?',
      `Colour: Red · Size: M · SKU ${line?.sku}`,
      '$25.00',
      '$50.00',
      `Discount (${discount.code})`,
      '-$5.00',
      'Tax (8%)',
      `$${order.totals.total.toFixed(2)}`,
      'Harbour Goods Ltd',
      'GB82 WEST 1234 5698 7654 32',
      'NWBKGB2L',
      'NatWest',
      `Order ${order.number}`,
      'An order still unpaid at',
    ]) {
      expect([expected, text.includes(expected)]).toEqual([expected, true]);
    }
    expect(text).not.toContain('Ada Lovelace');
  });

  it('prints the seller’s legal name and the store’s logo once they are set', async () => {
    const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#7c2d12' } })
      .png()
      .toBuffer();
    const admin = await asAdmin();
    const upload = multipartFile(logo);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/logo',
      headers: { ...admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(put.statusCode).toBe(200);
    await withBankDetails({ legal_name: 'Harbour Goods Trading Ltd' });
    try {
      const { order, headers } = await customerOrder();
      const res = await get(`/api/orders/${order.id}/invoice.pdf`, headers);
      expect(pdfOf(res)).toContain('Harbour Goods Trading Ltd');
      expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
    } finally {
      await t.app.inject({ method: 'DELETE', url: '/api/admin/settings/logo', headers: admin });
      await withBankDetails({ legal_name: '' });
    }
    const { order, headers } = await customerOrder();
    const res = await get(`/api/orders/${order.id}/invoice.pdf`, headers);
    expect(pdfOf(res)).not.toContain('Trading Ltd');
    expect(res.rawPayload.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it('dates the invoice in the store’s time zone', async () => {
    await withBankDetails({ time_zone: 'America/New_York' });
    try {
      // 02:30 UTC on 10 March is the evening of the 9th in New York.
      t.clock.set(new Date('2026-03-10T02:30:00Z'));
      const { order, headers } = await customerOrder();
      const text = pdfOf(await get(`/api/orders/${order.id}/invoice.pdf`, headers));
      expect(text).toContain('Mar 9, 2026');
      expect(text).not.toContain('Mar 10, 2026');
    } finally {
      t.clock.set(new Date());
      await withBankDetails({ time_zone: 'UTC' });
    }
  });

  it('without bank details asks the shopper to get in touch, still quoting the reference', async () => {
    // Placed while the shop had bank details (pay later is offered only then), read after they were removed.
    await withBankDetails({ payment_reference: '{number}' });
    const order = await guestOrder();
    await withBankDetails({
      bank_account_holder: '',
      bank_account: '',
      bank_code: '',
      bank_name: '',
      payment_reference: '{number}',
    });
    try {
      const text = pdfOf(await get(order.invoice?.pdf_url ?? ''));
      // Words wrapped onto the next line are one sentence again.
      expect(text.replaceAll('\n', ' ')).toContain('Contact us (hello@harbour.example) for the payment details.');
      expect(text).toContain('Reference');
      expect(text).toContain(order.number);
      expect(text).not.toContain('IBAN');
    } finally {
      await withBankDetails();
    }
  });

  it('follows the invoice: paid says so without bank details, overdue asks for payment now, void owes nothing', async () => {
    await withBankDetails();
    const paid = await customerOrder();
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, paid.order.id));
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/pay-later/${inv?.id}/mark-paid`,
      headers: await asStaff(),
    });
    expect(marked.statusCode).toBe(200);
    const paidText = pdfOf(await get(`/api/orders/${paid.order.id}/invoice.pdf`, paid.headers));
    expect(paidText).toMatch(/Paid on \w{3} \d{1,2}, \d{4}\. Thank you\./);
    expect(paidText).not.toContain('GB82 WEST');

    const cancelled = await customerOrder();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${cancelled.order.id}/cancel`,
      headers: cancelled.headers,
    });
    expect(cancel.statusCode).toBe(200);
    const voidText = pdfOf(await get(`/api/orders/${cancelled.order.id}/invoice.pdf`, cancelled.headers));
    expect(voidText).toContain('Void');
    expect(voidText).toContain('This invoice is void: the order was cancelled. Nothing is owed.');

    const late = await customerOrder();
    try {
      t.clock.advance(15 * DAY);
      const lateText = pdfOf(await get(`/api/orders/${late.order.id}/invoice.pdf`, await authHeaders(t, late.user)));
      expect(lateText).toContain('Overdue');
      expect(lateText).toContain('This invoice was due on');
      expect(lateText).toContain('GB82 WEST 1234 5698 7654 32');
    } finally {
      t.clock.set(new Date());
    }
  });
});

describe('who may download it', () => {
  it('the customer: their own order only; another customer’s and an unknown one are 404, signed out 401', async () => {
    const { order, headers } = await customerOrder();
    expect(order.invoice?.pdf_url).toContain(`/api/orders/${order.id}/invoice.pdf?token=`);
    const own = await get(`/api/orders/${order.id}/invoice.pdf`, headers);
    expect(own.statusCode).toBe(200);
    expect(pdfOf(own)).toContain(order.invoice?.number ?? '?');
    // The order page's answer carries the signed link too.
    const read = (await get(`/api/orders/${order.id}`, headers)).json() as Order;
    expect(read.invoice?.pdf_url).toContain('token=');

    const other = await authHeaders(t, await createUser(t));
    for (const url of [
      `/api/orders/${order.id}/invoice.pdf`,
      `/api/orders/${randomUUID()}/invoice.pdf`,
      '/api/orders/not-an-id/invoice.pdf',
    ]) {
      const res = await get(url, other);
      expect([url, res.statusCode, res.json()]).toEqual([
        url,
        404,
        { code: 'NOT_FOUND', message: 'Order not found', reason: 'not_found' },
      ]);
    }
    const anonymous = await get(`/api/orders/${order.id}/invoice.pdf`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
  });

  it('a guest, with the link of the order answer; an altered, foreign or expired link is 403', async () => {
    const order = await guestOrder();
    const url = order.invoice?.pdf_url ?? '';
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(pdfOf(res)).toContain(order.invoice?.number ?? '?');

    const token = url.split('token=')[1] ?? '';
    const [expires, mac] = token.split('.') as [string, string];
    const other = await guestOrder();
    const invalid = [
      `${expires}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`,
      `${Number(expires) + 1}.${mac}`,
      'nonsense',
      '',
    ];
    for (const bad of invalid) {
      const refused = await get(`/api/orders/${order.id}/invoice.pdf?token=${encodeURIComponent(bad)}`);
      expect([bad, refused.statusCode, refused.json().message]).toEqual([
        bad,
        403,
        'This invoice link is not valid. Open it again from your order confirmation, or sign in to download the invoice from your orders.',
      ]);
    }
    // One order's link opens no other order.
    expect((await get(`/api/orders/${other.id}/invoice.pdf?token=${token}`)).statusCode).toBe(403);
    // A token longer than any the shop makes is bad input.
    expect((await get(`/api/orders/${order.id}/invoice.pdf?token=${'1'.repeat(201)}`)).statusCode).toBe(400);

    try {
      t.clock.advance(91 * DAY);
      const expired = await get(url);
      expect([expired.statusCode, expired.json().message]).toEqual([
        403,
        'This invoice link has expired. Sign in to download the invoice from your orders, or contact us for a copy.',
      ]);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('staff, as for viewing orders; customers 403, signed out 401; the staff answer carries no signed link', async () => {
    const order = await guestOrder();
    const url = `/api/admin/orders/${order.id}/invoice.pdf`;
    for (const headers of [await asStaff(), await asAdmin()]) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(pdfOf(res)).toContain(order.invoice?.number ?? '?');
    }
    expect((await get(url, await authHeaders(t, await createUser(t)))).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(`/api/admin/orders/${randomUUID()}/invoice.pdf`, await asStaff())).statusCode).toBe(404);
    const detail = (await get(`/api/admin/orders/${order.id}`, await asStaff())).json();
    expect(detail.invoice).toMatchObject({ number: order.invoice?.number, pdf_url: null });
  });

  it('an order without an invoice (paid by card) has no PDF: 404 with a clear message, for everyone', async () => {
    const { order, headers } = await customerOrder();
    // What a card order is: a card payment and no invoice.
    await t.db.delete(invoices).where(eq(invoices.orderId, order.id));
    await t.db.update(payments).set({ method: 'card', status: 'succeeded' }).where(eq(payments.orderId, order.id));
    const message = `Order ${order.number} has no invoice: only orders paid later by invoice have one (a card payment has none)`;
    for (const [url, h] of [
      [`/api/orders/${order.id}/invoice.pdf`, headers],
      [`/api/admin/orders/${order.id}/invoice.pdf`, await asStaff()],
    ] as const) {
      const res = await get(url, h);
      expect([res.statusCode, res.json().message]).toEqual([404, message]);
    }
    expect(((await get(`/api/orders/${order.id}`, headers)).json() as Order).invoice).toBeNull();
  });
});

describe('the pay-later confirmation mail', () => {
  it('says where to pay and links the invoice PDF, which opens', async () => {
    await withBankDetails();
    const order = await guestOrder();
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, order.email));
    expect(mail?.text).toContain('Please pay by bank transfer to:');
    expect(mail?.text).toContain('  IBAN: GB82 WEST 1234 5698 7654 32');
    expect(mail?.text).toContain(`  Reference: Order ${order.number}`);
    const link = /Your invoice \(PDF\): https:\/\/shop\.example\.com(\/api\/\S+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeDefined();
    const res = await get(link ?? '');
    expect(res.statusCode).toBe(200);
    expect(pdfOf(res)).toContain(order.invoice?.number ?? '?');
  });
});
