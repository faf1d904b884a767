import type { AdminOrderDetail, AdminOrderList, PayLaterList, TransactionList } from '@shop/contracts/admin-orders';
import type { Order } from '@shop/contracts/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../src/db/schema.ts';
import { authHeaders, createProduct, freshIp } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { guestBody, placeOrder } from './orders-fixtures.ts';
import { pdfText } from './pdf-text.ts';

// An order placed in yen: every amount the order is shown or refunded in is yen, whole yen
// (docs/adr/050-currencies.md).

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await authHeaders(t, await createUser(t, { role: 'admin' }));
  const { base } = (await t.app.services.settings.get()).currencies;
  await t.app.services.settings.saveCurrencies(t.db, {
    base,
    presentment: [{ code: 'JPY', digits: 0, rate: 151.37, rounding: 'none', countries: ['JP'] }],
  });
  t.app.services.settings.invalidate();
});
afterAll(() => t.close());

/** Shipped by the demo's "Rest of world" zone. */
const TOKYO = {
  name: 'Hanako Yamada',
  line1: '1-1 Chiyoda',
  city: 'Chiyoda-ku',
  region: 'Tokyo',
  postal_code: '100-0001',
  country: 'jp',
};

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/${url}`, headers: admin, ...(payload ? { payload } : {}) });

async function yenOrder(): Promise<Order> {
  const p = await createProduct(t, { salePriceCents: 2500 });
  const body = guestBody([{ product_id: p.id, quantity: 2 }], { shipping_address: TOKYO, currency: 'JPY' });
  const res = await placeOrder(t, body, { ip: freshIp() });
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
}

/** Every amount of the order answer: totals, lines, tax lines and invoice. */
function amountsOf(o: Order): number[] {
  return [
    ...Object.values(o.totals),
    ...o.lines.flatMap((l) => [l.unit_price, l.line_total]),
    ...o.tax_lines.map((l) => l.amount),
    o.invoice?.amount ?? 0,
  ].filter((v): v is number => typeof v === 'number');
}

const yen = (amount: number) => `¥${amount.toLocaleString('en-US')}`;

describe('an order in yen', () => {
  let order: Order;
  beforeAll(async () => {
    order = await yenOrder();
  });

  it('is priced in whole yen at the owner’s rate', async () => {
    expect(order.currency).toEqual({ code: 'JPY', digits: 0 });
    // $25.00 at 151.37: ¥3,784 each.
    expect(order.lines[0]?.unit_price).toBe(3784);
    for (const amount of amountsOf(order)) expect(Number.isInteger(amount)).toBe(true);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ currency: 'JPY', exchangeRate: 151.37, totalCents: order.totals.total });
  });

  it('has its invoice PDF and confirmation mail in yen', async () => {
    const pdf = pdfText((await t.app.inject({ method: 'GET', url: order.invoice?.pdf_url ?? '' })).rawPayload);
    expect(pdf).toContain(yen(3784));
    expect(pdf).toContain(yen(order.totals.total));
    expect(pdf).not.toContain('$');

    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, order.email));
    expect(mail?.text).toContain(`— ${yen(2 * 3784)}`);
    expect(mail?.text).toContain(`Total: ${yen(order.totals.total)}`);
    expect(mail?.text).toContain(`for ${yen(order.totals.total)}`);
    expect(mail?.text).not.toContain('$');
  });

  it('is shown to staff in yen: detail, list and pay-later invoice', async () => {
    const detail = (await call('GET', `orders/${order.id}`)).json() as AdminOrderDetail;
    expect(detail.currency).toEqual({ code: 'JPY', digits: 0 });
    expect(detail.totals.total).toBe(order.totals.total);

    const list = (await call('GET', `orders?q=${order.number}`)).json() as AdminOrderList;
    expect(list.items[0]).toMatchObject({ total: order.totals.total, currency: { code: 'JPY', digits: 0 } });

    const invoices = (await call('GET', `pay-later?q=${order.number}`)).json() as PayLaterList;
    expect(invoices.items[0]).toMatchObject({ amount: order.totals.total, currency: { code: 'JPY', digits: 0 } });
    // Totals over many orders are in the base currency, this one at its own rate.
    expect(invoices.totals.currency).toEqual({ code: 'USD', digits: 2 });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(invoices.totals.outstanding).toBe((row?.baseTotalCents ?? 0) / 100);
  });

  it('is refunded in yen: ¥1,500 partly, and never a fraction of a yen', async () => {
    const invoiceId = (await call('GET', `orders/${order.id}`)).json().invoice_id as string;
    expect((await call('POST', `pay-later/${invoiceId}/mark-paid`)).statusCode).toBe(200);

    const fraction = await call('POST', `orders/${order.id}/refund`, { amount: 1500.5, reason: 'Scratched' });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().details.issues[0].path).toBe('body.amount');

    const res = await call('POST', `orders/${order.id}/refund`, { amount: 1500, reason: 'Scratched' });
    expect(res.statusCode).toBe(200);
    const detail = res.json() as AdminOrderDetail;
    expect(detail.payment_detail).toMatchObject({
      amount: order.totals.total,
      refunded: 1500,
      refundable: order.totals.total - 1500,
    });
    expect(detail.events.map((e) => e.note).join('\n')).toContain(`Partially refunded: ${yen(1500)}`);
    expect(detail.transactions.find((x) => x.kind === 'refund')).toMatchObject({
      amount: 1500,
      currency: { code: 'JPY', digits: 0 },
    });

    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, order.email),
          eq(
            mailOutbox.subject,
            `Refund of ${yen(1500)} for your order ${order.number} — ${(await t.app.services.settings.get()).storeName}`,
          ),
        ),
      );
    expect(mails).toHaveLength(1);

    const ledger = (await call('GET', `transactions?q=${order.number}`)).json() as TransactionList;
    expect(ledger.totals.currency).toEqual({ code: 'USD', digits: 2 });
    // The refund at the order's own rate: its share of the base total, half up.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(ledger.totals.refunds).toBe(Math.round((1500 * (row?.baseTotalCents ?? 0)) / order.totals.total) / 100);
  });
});
