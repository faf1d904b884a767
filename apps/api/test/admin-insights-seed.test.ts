import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateCatalog } from '../src/db/seed/catalog.ts';
import {
  asDemoProduct,
  DEMO_CUSTOMERS,
  DEMO_DAYS,
  generateDemoOrders,
  seedDemoOrders,
} from '../src/db/seed/demo-orders.ts';
import { DEFAULT_SHIPPING_ZONES } from '../src/db/seed/settings.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = async <T>(text: string, params: unknown[] = []) => (await t.pool.query(text, params)).rows as T[];

/** Generator inputs from the catalogue alone (no database), at a given instant. */
function demoInputs(now: Date) {
  const products = generateCatalog()
    .products.filter((p) => p.published)
    .slice(0, 200)
    .map(asDemoProduct);
  return {
    products,
    taxRateBasisPoints: 800,
    zoneName: 'Everywhere',
    shipping: DEFAULT_SHIPPING_ZONES[0]?.methods ?? [],
    payLaterDays: 14,
    discounts: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        code: 'WELCOME10',
        kind: 'percent' as const,
        value: 10,
        minSubtotalCents: 0,
      },
    ],
    passwordHash: 'x',
    now,
  };
}

const EVERY_STATUS = ['placed', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'];

describe('demo orders seed', () => {
  it('is deterministic: the same inputs and instant give the same rows', () => {
    const input = demoInputs(new Date('2026-06-15T12:00:00Z'));
    const a = generateDemoOrders(input, 100001);
    const b = generateDemoOrders(input, 100001);
    expect(a).toEqual(b);
    expect(a.users).toHaveLength(DEMO_CUSTOMERS);
    expect(a.orders.length).toBeGreaterThanOrEqual(600);
    expect(a.orders.length).toBeLessThanOrEqual(1500);
    // Relative to the instant: a week later, every date moves by a week and nothing else changes.
    const week = 7 * 86_400_000;
    const later = generateDemoOrders({ ...input, now: new Date(input.now.getTime() + week) }, 100001);
    expect(later.orders.map((o) => o.createdAt.getTime() - week)).toEqual(a.orders.map((o) => o.createdAt.getTime()));
  });

  it('holds orders of every status whatever the weekday and hour it is seeded at', () => {
    // The weekday changes how many orders each day gets, so each instant draws a different story;
    // a fresh start just after midnight on a Monday once found no order awaiting processing.
    const monday = Date.parse('2026-11-23T00:35:00Z');
    for (let hour = 0; hour < 7 * 24; hour += 7) {
      const now = new Date(monday + hour * 3_600_000);
      const { orders } = generateDemoOrders(demoInputs(now), 100001);
      const statuses = new Set<string>(orders.map((o) => o.status));
      expect([now.toISOString(), EVERY_STATUS.filter((s) => !statuses.has(s))]).toEqual([now.toISOString(), []]);
      const newest = orders.at(-1);
      expect(newest && now.getTime() - newest.createdAt.getTime()).toBeLessThan(5 * 3_600_000);
    }
  });

  it('stores customers and six months of orders of every kind', async () => {
    const [counts] = await q<{ customers: number; orders: number; oldest: Date; newest: Date }>(
      `select (select count(*)::int from users where role = 'customer') as customers,
              count(*)::int as orders, min(created_at) as oldest, max(created_at) as newest from orders`,
    );
    expect(counts?.customers).toBeGreaterThanOrEqual(60);
    expect(counts?.orders).toBeGreaterThanOrEqual(600);
    expect(counts?.orders).toBeLessThanOrEqual(1500);
    const now = Date.now();
    expect(now - (counts?.oldest.getTime() ?? 0)).toBeGreaterThan((DEMO_DAYS - 2) * 86_400_000);
    expect(counts?.newest.getTime()).toBeLessThanOrEqual(now);
    expect(now - (counts?.newest.getTime() ?? 0)).toBeLessThan(2 * 86_400_000);

    const statuses = (await q<{ status: string }>('select distinct status::text from orders')).map((r) => r.status);
    for (const s of EVERY_STATUS) {
      expect(statuses).toContain(s);
    }
    expect(statuses).not.toContain('awaiting_payment');
    const [kinds] = await q<{ partial: number; overdue: number; open: number; paid_invoices: number; guests: number }>(
      `select (select count(*)::int from payments p join orders o on o.id = p.order_id
                where p.status = 'partially_refunded' and o.status = 'delivered') as partial,
              (select count(*)::int from invoices where status = 'open' and due_at < now()) as overdue,
              (select count(*)::int from invoices where status = 'open' and due_at >= now()) as open,
              (select count(*)::int from invoices where status = 'paid') as paid_invoices,
              (select count(*)::int from orders where user_id is null) as guests`,
    );
    expect(kinds?.partial).toBeGreaterThan(0);
    expect(kinds?.overdue).toBeGreaterThan(0);
    expect(kinds?.open).toBeGreaterThan(0);
    expect(kinds?.paid_invoices).toBeGreaterThan(0);
    expect(kinds?.guests).toBeGreaterThan(0);
    // Customers use example domains only.
    const [bad] = await q<{ n: number }>(
      `select count(*)::int as n from users where role = 'customer' and email !~ '@example\\.(com|org|net)$'`,
    );
    expect(bad?.n).toBe(0);
  });

  it('keeps every invariant: totals, lines, payments, ledger, invoices, timeline', async () => {
    const broken = await q<{ number: string; why: string }>(
      `select o.number, 'subtotal' as why from orders o
         where o.subtotal_cents <> (select sum(unit_price_cents * quantity) from order_lines l where l.order_id = o.id)
       union all
       select o.number, 'total' from orders o
         where o.total_cents <> o.subtotal_cents - o.discount_cents + o.shipping_cents + o.tax_cents
       union all
       select o.number, 'payment amount' from orders o join payments p on p.order_id = o.id
         where p.amount_cents <> o.total_cents
       union all
       select o.number, 'no payment' from orders o where not exists (select 1 from payments p where p.order_id = o.id)
       union all
       select o.number, 'charges' from orders o join payments p on p.order_id = o.id
         where coalesce((select sum(amount_cents) from transactions t where t.order_id = o.id and t.kind = 'charge'), 0)
               <> case when p.status in ('succeeded', 'refunded', 'partially_refunded') then p.amount_cents else 0 end
       union all
       select o.number, 'refunds' from orders o join payments p on p.order_id = o.id
         where coalesce((select sum(amount_cents) from transactions t where t.order_id = o.id and t.kind = 'refund'), 0)
               <> p.refunded_cents
       union all
       select o.number, 'invoice' from orders o join payments p on p.order_id = o.id
         where (p.method = 'pay_later') <> exists (select 1 from invoices i where i.order_id = o.id and i.amount_cents = o.total_cents)
       union all
       select o.number, 'tracking' from orders o
         where o.status in ('shipped', 'delivered') and o.tracking_number is null
       union all
       select o.number, 'timeline' from orders o
         where not exists (select 1 from order_events e where e.order_id = o.id and e.status = o.status)
            or exists (select 1 from order_events e where e.order_id = o.id and (e.created_at < o.created_at or e.created_at > now()))
       union all
       select o.number, 'customer' from orders o join users u on u.id = o.user_id
         where u.role <> 'customer' or u.created_at > o.created_at or lower(u.email) <> lower(o.email)`,
    );
    expect(broken).toEqual([]);

    // Products keep the catalogue's own stock and sold counts.
    const generated = new Map(generateCatalog().products.map((p) => [p.id, p]));
    const stored = await q<{ id: string; available: number; sold_count: number }>(
      'select id, available, sold_count from products',
    );
    for (const p of stored) {
      expect([p.available, p.sold_count]).toEqual([generated.get(p.id)?.available, generated.get(p.id)?.soldCount]);
    }

    // The order-number sequence continues after the seeded numbers.
    const [seq] = await q<{ max: string; last: string }>(
      `select max(substring(number from 4)::bigint)::text as max, (select last_value::text from order_number_seq) as last from orders`,
    );
    expect(Number(seq?.last)).toBeGreaterThanOrEqual(Number(seq?.max));
  });

  // In bulk: a bounded number of statements for ~1,500 orders (counted, not timed: speed is the bench's).
  it('seeds again the same way, in bulk, inside one transaction', async () => {
    const now = new Date();
    const shape = (rows: { status: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.status, r.n]));
    let first: Record<string, number> = {};
    for (const round of [1, 2]) {
      await t.db
        .transaction(async (tx) => {
          await tx.execute(sql`delete from orders`);
          await tx.execute(sql`delete from users where role = 'customer'`);
          await tx.execute(sql`update discount_codes set used_count = 0`);
          const statements = vi.spyOn(pg.Client.prototype, 'query');
          const data = await seedDemoOrders(tx, now);
          expect(statements.mock.calls.length).toBeGreaterThan(0);
          expect(statements.mock.calls.length).toBeLessThan(100);
          statements.mockRestore();
          const { rows } = await tx.execute<{ status: string; n: number }>(
            sql`select status::text, count(*)::int as n from orders group by status order by status`,
          );
          expect(rows.reduce((s, r) => s + r.n, 0)).toBe(data.orders.length);
          if (round === 1) first = shape(rows);
          else expect(shape(rows)).toEqual(first);
          tx.rollback();
        })
        .catch((err: unknown) => {
          if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
        });
    }
    expect(Object.keys(first).length).toBeGreaterThanOrEqual(7);
  });
});
