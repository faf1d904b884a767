import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders } from './cart-fixtures.ts';
import { parseCsv } from './csv-reader.ts';
import { createTestApp, createUser, login, type TestApp } from './helpers.ts';

/**
 * Dashboard and reports on the seeded demo orders: every figure is checked against sums
 * computed here by plain SQL over orders and payments (ADR 006: sales are orders neither awaiting
 * payment nor cancelled, by the UTC day they were placed; net = totals − refunded).
 */
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await authHeaders(t, await createUser(t, { role: 'admin' }));
});
afterAll(() => t.close());

const DAY = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (s: string, n: number) => day(new Date(Date.parse(`${s}T00:00:00Z`) + n * DAY));
const cents = (v: number) => Math.round(v * 100);

function get(url: string, headers = admin) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** The independent sums: plain SQL over orders and payments for [from, to] (UTC days). */
async function sums(from: string, to: string, userId?: string) {
  const { rows } = await t.pool.query<{ orders: number; gross: string; refunds: string }>(
    `select count(*)::int as orders, coalesce(sum(o.total_cents), 0)::text as gross,
            coalesce(sum(p.refunded_cents), 0)::text as refunds
       from orders o join payments p on p.order_id = o.id
      where o.status::text not in ('awaiting_payment', 'cancelled')
        and o.created_at >= $1::date and o.created_at < $2::date + 1 and ($3::uuid is null or o.user_id = $3)`,
    [from, to, userId ?? null],
  );
  const r = rows[0];
  const gross = Number(r?.gross);
  const refunds = Number(r?.refunds);
  const { rows: c } = await t.pool.query<{ n: number }>(
    `select count(*)::int as n from users where role = 'customer' and created_at >= $1::date and created_at < $2::date + 1`,
    [from, to],
  );
  return { orders: r?.orders ?? 0, gross, refunds, net: gross - refunds, newCustomers: c[0]?.n ?? 0 };
}

describe('GET /api/admin/dashboard', () => {
  it('answers the last 30 days against the 30 before, as the orders add up', async () => {
    const res = await get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const today = day(t.clock.now());
    expect(body.range).toEqual({ from: addDays(today, -29), to: today, days: 30 });
    expect(body.previous).toEqual({ from: addDays(today, -59), to: addDays(today, -30), days: 30 });

    const cur = await sums(body.range.from, body.range.to);
    const prev = await sums(body.previous.from, body.previous.to);
    expect(cur.orders).toBeGreaterThan(50);
    expect(body.current).toEqual({
      revenue: cur.net / 100,
      gross: cur.gross / 100,
      refunds: cur.refunds / 100,
      orders: cur.orders,
      aov: Math.round(cur.net / cur.orders) / 100,
      new_customers: cur.newCustomers,
    });
    expect(cents(body.previous_figures.revenue)).toBe(prev.net);
    expect(body.previous_figures.orders).toBe(prev.orders);
    expect(body.change.orders).toBe(Math.round(((cur.orders - prev.orders) / prev.orders) * 1000) / 10);
    expect(body.change.revenue).toBe(Math.round(((cur.net - prev.net) / prev.net) * 1000) / 10);

    // The chart: one point per day, adding up to the range's revenue.
    expect(body.revenue_by_day).toHaveLength(30);
    expect(body.revenue_by_day[0].period).toBe(body.range.from);
    const chartCents = body.revenue_by_day.reduce((s: number, p: { revenue: number }) => s + cents(p.revenue), 0);
    expect(chartCents).toBe(cur.net);

    // Recent orders: the ten newest, card attempts whose money never arrived left out.
    const { rows: newest } = await t.pool.query<{ number: string }>(
      `select o.number from orders o left join payments p on p.order_id = o.id
        where not coalesce(p.method = 'card' and p.status not in ('succeeded', 'refunded', 'partially_refunded'), false)
        order by o.created_at desc, o.number desc limit 10`,
    );
    expect(body.recent_orders.map((o: { number: string }) => o.number)).toEqual(newest.map((o) => o.number));

    // Low stock: published products at or below the threshold, lowest first.
    const { rows: low } = await t.pool.query<{ id: string; available: number }>(
      `select id, available from products where published and available <= (select low_stock_threshold from store_settings)
        order by available, name, id limit 10`,
    );
    expect(body.low_stock.map((p: { id: string }) => p.id)).toEqual(low.map((p) => p.id));
    expect(body.low_stock.length).toBeGreaterThan(0);
  });

  it('answers a chosen range, and a new order in it moves the figures', async () => {
    const to = day(t.clock.now());
    const from = addDays(to, -6);
    const before = (await get(`/api/admin/dashboard?from=${from}&to=${to}`)).json();
    const expected = await sums(from, to);
    expect(before.current.orders).toBe(expected.orders);
    expect(cents(before.current.revenue)).toBe(expected.net);
    expect(before.revenue_by_day).toHaveLength(7);

    // A cancelled order does not count; the previous range is the 7 days before. (Any counted order of
    // the range: which statuses it holds depends on the hour the demo orders were seeded at.)
    const { rowCount } = await t.pool.query(
      `update orders set status = 'cancelled' where id = (select id from orders
        where status::text not in ('awaiting_payment', 'cancelled') and created_at >= $1::date
        order by created_at limit 1)`,
      [from],
    );
    expect(rowCount).toBe(1);
    const after = (await get(`/api/admin/dashboard?from=${from}&to=${to}`)).json();
    expect(after.current.orders).toBe(before.current.orders - 1);
    expect(after.previous).toEqual({ from: addDays(from, -7), to: addDays(from, -1), days: 7 });
    expect(after.previous_figures.orders).toBe((await sums(addDays(from, -7), addDays(from, -1))).orders);
  });
});

describe('GET /api/admin/reports/*', () => {
  const to = () => day(t.clock.now());
  const from = () => addDays(to(), -89);

  it('sales: every period present, summing to the range total and to the orders', async () => {
    const expected = await sums(from(), to());
    for (const group of ['day', 'week', 'month'] as const) {
      const res = await get(`/api/admin/reports/sales?from=${from()}&to=${to()}&group=${group}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const periods = body.periods as { period: string; orders: number; gross: number; revenue: number }[];
      expect(cents(body.totals.revenue)).toBe(expected.net);
      expect(cents(body.totals.gross)).toBe(expected.gross);
      expect(body.totals.orders).toBe(expected.orders);
      expect(periods.reduce((s, p) => s + cents(p.revenue), 0)).toBe(expected.net);
      expect(periods.reduce((s, p) => s + p.orders, 0)).toBe(expected.orders);
      if (group === 'day') expect(periods).toHaveLength(90);
      if (group === 'week') {
        for (const [i, p] of periods.entries()) {
          expect(new Date(`${p.period}T00:00:00Z`).getUTCDay()).toBe(1);
          if (i > 0) expect(p.period).toBe(addDays(periods[i - 1]?.period ?? '', 7));
        }
        expect((periods[0]?.period ?? '') <= from()).toBe(true);
      }
      if (group === 'month') for (const p of periods) expect(p.period.endsWith('-01')).toBe(true);
    }
  });

  it('sales: empty days are zeros, not gaps', async () => {
    const res = await get('/api/admin/reports/sales?from=2020-02-27&to=2020-03-02&group=day');
    expect(res.json().periods).toEqual(
      ['2020-02-27', '2020-02-28', '2020-02-29', '2020-03-01', '2020-03-02'].map((period) => ({
        period,
        orders: 0,
        gross: 0,
        refunds: 0,
        revenue: 0,
      })),
    );
  });

  it('categories sum to the merchandise sold; top products are the best sellers', async () => {
    const { rows } = await t.pool.query<{ sales: string }>(
      `select coalesce(sum(l.unit_price_cents * l.quantity), 0)::text as sales
         from orders o join order_lines l on l.order_id = o.id
        where o.status::text not in ('awaiting_payment', 'cancelled')
          and o.created_at >= $1::date and o.created_at < $2::date + 1`,
      [from(), to()],
    );
    const merchandise = Number(rows[0]?.sales);
    const cats = (await get(`/api/admin/reports/categories?from=${from()}&to=${to()}`)).json();
    expect(cats.items.length).toBeGreaterThan(3);
    expect(cents(cats.total)).toBe(merchandise);
    expect(cats.items.reduce((s: number, c: { sales: number }) => s + cents(c.sales), 0)).toBe(merchandise);

    const top = (await get(`/api/admin/reports/top-products?from=${from()}&to=${to()}&limit=5`)).json();
    expect(top.items).toHaveLength(5);
    const { rows: best } = await t.pool.query<{ product_id: string; sales: string }>(
      `select l.product_id, sum(l.unit_price_cents * l.quantity)::text as sales
         from orders o join order_lines l on l.order_id = o.id
        where o.status::text not in ('awaiting_payment', 'cancelled')
          and o.created_at >= $1::date and o.created_at < $2::date + 1
        group by l.product_id order by sum(l.unit_price_cents * l.quantity) desc limit 5`,
      [from(), to()],
    );
    expect(top.items.map((p: { sales: number }) => cents(p.sales))).toEqual(best.map((b) => Number(b.sales)));
  });

  it('CSV exports parse and equal the JSON', async () => {
    const range = `from=${from()}&to=${to()}`;
    const sales = (await get(`/api/admin/reports/sales?${range}&group=week`)).json();
    const csv = await get(`/api/admin/reports/sales?${range}&group=week&format=csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('attachment');
    const [header, ...data] = parseCsv(csv.body);
    expect(header).toEqual(['period', 'orders', 'gross', 'refunds', 'revenue']);
    expect(data).toEqual(
      sales.periods.map((p: Record<string, number | string>) =>
        [p.period, p.orders, p.gross, p.refunds, p.revenue].map(String),
      ),
    );

    const cats = (await get(`/api/admin/reports/categories?${range}`)).json();
    const catRows = parseCsv((await get(`/api/admin/reports/categories?${range}&format=csv`)).body);
    expect(catRows.slice(1)).toEqual(
      cats.items.map((c: Record<string, unknown>) =>
        [c.category_id ?? '', c.category, c.orders, c.units, c.sales].map(String),
      ),
    );

    const top = (await get(`/api/admin/reports/top-products?${range}&limit=20`)).json();
    const topRows = parseCsv((await get(`/api/admin/reports/top-products?${range}&limit=20&format=csv`)).body);
    expect(topRows[0]).toEqual(['product_id', 'name', 'category', 'orders', 'units', 'sales']);
    expect(topRows.slice(1)).toEqual(
      top.items.map((p: Record<string, unknown>) =>
        [p.product_id ?? '', p.name, p.category ?? '', p.orders, p.units, p.sales].map(String),
      ),
    );
  });

  it('refuses bad input with a clear message', async () => {
    const cases: [string, RegExp][] = [
      ['/api/admin/dashboard?from=2026-02-30', /from must be a real date/],
      ['/api/admin/dashboard?from=yesterday', /from must be a date/],
      ['/api/admin/reports/sales?from=2026-03-01&to=2026-02-01', /from must not be after to/],
      ['/api/admin/reports/sales?from=2020-01-01&to=2026-01-01', /at most 731 days/],
      ['/api/admin/reports/sales?group=year', /group must be day, week or month/],
      ['/api/admin/reports/categories?format=xml', /format must be json or csv/],
      ['/api/admin/reports/top-products?limit=0', /limit must be at least 1/],
      ['/api/admin/reports/skus?limit=1001', /limit must be at most 1000/],
      ['/api/admin/reports/skus?to=2026-13-01', /to must be/],
      ['/api/admin/dashboard?from=2020-01-01', /at most 731 days/],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json().message).toMatch(message);
    }
  });
});

describe('GET /api/admin/reports/skus', () => {
  const range = () => `from=${addDays(day(t.clock.now()), -89)}&to=${day(t.clock.now())}`;
  interface Row {
    sku: string | null;
    variant_id: string | null;
    product_id: string | null;
    product: string;
    options: { name: string; value: string }[];
    orders: number;
    units: number;
    sales: number;
    stock: number | null;
  }
  const report = async (): Promise<Row[]> => {
    const res = await get(`/api/admin/reports/skus?${range()}&limit=1000`);
    expect(res.statusCode).toBe(200);
    return res.json().items;
  };
  /** A counted order line of the range (the report's rows come from these). */
  async function countedLine(where = 'true') {
    const { rows } = await t.pool.query<{ id: string; product_id: string }>(
      `select l.id, l.product_id from orders o join order_lines l on l.order_id = o.id
        where o.status::text not in ('awaiting_payment', 'cancelled') and o.created_at >= now() - interval '60 days'
          and ${where} order by l.id limit 1`,
    );
    if (!rows[0]) throw new Error('no counted order line');
    return rows[0];
  }

  it('lists every variant sold with its SKU, options, units, sales and stock now, adding up to the merchandise', async () => {
    // One line sold a phone's largest storage: its own SKU, its Color and Storage values.
    const [phone] = (
      await t.pool.query<{
        id: string;
        sku: string;
        product_id: string;
        available: number;
        option1: string;
        option2: string;
      }>(
        `select v.* from product_variants v join products p on p.id = v.product_id
          where p.slug = 'apple-iphone-15' and v.option2 = '512GB' order by v.position limit 1`,
      )
    ).rows;
    if (!phone) throw new Error('the demo has no iPhone 15 in 512GB');
    const line = await countedLine();
    await t.pool.query(
      'update order_lines set product_id = $2, variant_id = $3, sku = $4, options = $5, quantity = 2 where id = $1',
      [
        line.id,
        phone.product_id,
        phone.id,
        phone.sku,
        JSON.stringify([
          { name: 'Color', value: phone.option1 },
          { name: 'Storage', value: '512GB' },
        ]),
      ],
    );

    const items = await report();
    const { rows } = await t.pool.query<{ sales: string; units: number }>(
      `select coalesce(sum(l.unit_price_cents * l.quantity), 0)::text as sales, coalesce(sum(l.quantity), 0)::int as units
         from orders o join order_lines l on l.order_id = o.id
        where o.status::text not in ('awaiting_payment', 'cancelled')
          and o.created_at >= $1::date and o.created_at < $2::date + 1`,
      [addDays(day(t.clock.now()), -89), day(t.clock.now())],
    );
    expect(items.reduce((n, r) => n + cents(r.sales), 0)).toBe(Number(rows[0]?.sales));
    expect(items.reduce((n, r) => n + r.units, 0)).toBe(rows[0]?.units);
    // Best sellers first.
    for (let i = 1; i < items.length; i++) expect(items[i - 1]!.sales).toBeGreaterThanOrEqual(items[i]!.sales);
    // Every row with a variant shows that variant as it is now.
    const { rows: variants } = await t.pool.query<{ id: string; sku: string; available: number }>(
      'select id, sku, available from product_variants',
    );
    const byId = new Map(variants.map((v) => [v.id, v]));
    for (const r of items.filter((i) => i.variant_id)) {
      expect({ sku: r.sku, stock: r.stock }).toEqual({
        sku: byId.get(r.variant_id as string)?.sku,
        stock: byId.get(r.variant_id as string)?.available,
      });
    }
    const sold = items.find((r) => r.variant_id === phone.id);
    expect(sold).toMatchObject({
      sku: phone.sku,
      product: 'Apple iPhone 15',
      options: [
        { name: 'Color', value: phone.option1 },
        { name: 'Storage', value: '512GB' },
      ],
      stock: phone.available,
    });
    expect(sold?.units).toBeGreaterThanOrEqual(2);
  });

  it('keeps lines whose variant is gone under the SKU and options they recorded, and lines without one per product', async () => {
    const gone = await countedLine();
    await t.pool.query(`update order_lines set variant_id = null, sku = 'RETIRED-SKU-1' where id = $1`, [gone.id]);
    const old = await countedLine(`l.id <> '${gone.id}'`);
    await t.pool.query('update order_lines set variant_id = null, sku = null where id = $1', [old.id]);
    // What each line froze when it was sold (none for a line of a product without options).
    const frozen = async (id: string) =>
      (await t.pool.query<{ options: unknown[] }>('select options from order_lines where id = $1', [id])).rows[0]
        ?.options;
    const items = await report();
    expect(items.find((r) => r.sku === 'RETIRED-SKU-1')).toMatchObject({
      variant_id: null,
      options: await frozen(gone.id),
      stock: null,
    });
    expect(items.find((r) => r.sku === null && r.product_id === old.product_id)).toMatchObject({
      variant_id: null,
      stock: null,
    });
  });

  it('exports the same rows as CSV', async () => {
    const items = await report();
    const csv = await get(`/api/admin/reports/skus?${range()}&limit=1000&format=csv`);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="sales-by-sku-.+\.csv"/);
    const [header, ...data] = parseCsv(csv.body);
    expect(header).toEqual(['sku', 'product_id', 'product', 'options', 'orders', 'units', 'sales', 'stock']);
    expect(data).toEqual(
      items.map((r) =>
        [
          r.sku ?? '',
          r.product_id ?? '',
          r.product,
          r.options.map((o) => `${o.name}: ${o.value}`).join(' / '),
          r.orders,
          r.units,
          r.sales,
          r.stock ?? '',
        ].map(String),
      ),
    );
  });
});

describe('customers', () => {
  it('searches by name, e-mail and username, filters and pages', async () => {
    const { rows } = await t.pool.query<{ id: string; email: string; last_name: string; username: string }>(
      `select id, email, last_name, username from users where role = 'customer' order by created_at limit 1`,
    );
    const seeded = rows[0];
    if (!seeded) throw new Error('no seeded customer');
    for (const q of [seeded.email.toUpperCase(), seeded.last_name, seeded.username]) {
      const body = (await get(`/api/admin/customers?q=${encodeURIComponent(q)}&limit=100`)).json();
      expect(body.items.map((c: { id: string }) => c.id)).toContain(seeded.id);
    }
    // Staff are not customers.
    const staff = await createUser(t, { role: 'staff', lastName: 'Staffperson' });
    expect((await get(`/api/admin/customers?q=${staff.email}`)).json().total).toBe(0);

    const { rows: all } = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from users where role = 'customer'`,
    );
    const page1 = (await get('/api/admin/customers?limit=10&page=1&sort=name')).json();
    const page2 = (await get('/api/admin/customers?limit=10&page=2&sort=name')).json();
    expect(page1.total).toBe(all[0]?.n);
    expect(page1.items).toHaveLength(10);
    const ids1 = page1.items.map((c: { id: string }) => c.id);
    expect(page2.items.some((c: { id: string }) => ids1.includes(c.id))).toBe(false);

    const byValue = (await get('/api/admin/customers?sort=value&limit=5')).json();
    const values = byValue.items.map((c: { lifetime_value: number }) => c.lifetime_value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(values[0]).toBeGreaterThan(0);

    const off = await createUser(t, { disabled: true });
    const disabled = (await get('/api/admin/customers?status=disabled&limit=100')).json();
    expect(disabled.items.map((c: { id: string }) => c.id)).toContain(off.id);
    expect(disabled.items.every((c: { disabled: boolean }) => c.disabled)).toBe(true);
    expect((await get('/api/admin/customers?status=gone')).statusCode).toBe(400);
  });

  it('shows a customer with orders and a lifetime value equal to their counted orders', async () => {
    const { rows } = await t.pool.query<{ user_id: string; n: number }>(
      `select user_id, count(*)::int as n from orders where user_id is not null
        group by user_id order by count(*) desc limit 1`,
    );
    const top = rows[0];
    if (!top) throw new Error('no customer with orders');
    const res = await get(`/api/admin/customers/${top.user_id}?limit=5`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = await sums('2000-01-01', '2100-01-01', top.user_id);
    expect(cents(body.customer.lifetime_value)).toBe(expected.net);
    expect(body.customer.orders).toBe(expected.orders);
    expect(cents(body.gross)).toBe(expected.gross);
    expect(body.orders.total).toBe(top.n);
    expect(body.orders.items).toHaveLength(5);
    expect(body.addresses.length).toBeGreaterThan(0);
    // The list row carries the same figures.
    const listed = (await get(`/api/admin/customers?q=${encodeURIComponent(body.customer.email)}`)).json();
    expect(listed.items[0]).toMatchObject({ id: top.user_id, lifetime_value: body.customer.lifetime_value });

    const staff = await createUser(t, { role: 'staff' });
    expect((await get(`/api/admin/customers/${staff.id}`)).statusCode).toBe(422);
    expect((await get('/api/admin/customers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/admin/customers/nope')).statusCode).toBe(400);
  });

  it('disabling ends every session at once; enabling lets the customer sign in again; both audited', async () => {
    const customer = await createUser(t);
    const session = await login(t, customer.email, customer.password);
    const other = await login(t, customer.email, customer.password);
    const asCustomer = (method: 'GET' | 'DELETE', url: string) =>
      t.app.inject({ method, url, headers: session.headers });
    expect((await asCustomer('GET', '/api/users/me')).statusCode).toBe(200);
    expect((await asCustomer('DELETE', '/api/products/clear-cart')).statusCode).toBe(200);

    const adminUser = await createUser(t, { role: 'admin' });
    const headers = await authHeaders(t, adminUser);
    const off = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${customer.id}/disable`, headers });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: customer.id, disabled: true });

    // The still-valid access token is refused everywhere; refresh tokens of every session are dead.
    expect((await asCustomer('GET', '/api/users/me')).statusCode).toBe(401);
    expect((await asCustomer('DELETE', '/api/products/clear-cart')).statusCode).toBe(401);
    expect((await asCustomer('GET', '/api/wishlist')).statusCode).toBe(401);
    for (const s of [session, other]) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        payload: { refreshToken: s.refresh },
      });
      expect([401, 403]).toContain(r.statusCode);
    }
    const { rows: live } = await t.pool.query<{ n: number }>(
      'select count(*)::int as n from refresh_families where user_id = $1 and revoked_at is null',
      [customer.id],
    );
    expect(live[0]?.n).toBe(0);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: customer.email, password: customer.password },
    });
    expect(refused.statusCode).toBe(403);

    const on = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${customer.id}/enable`, headers });
    expect(on.json()).toMatchObject({ id: customer.id, disabled: false });
    const again = await login(t, customer.email, customer.password);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: again.headers })).statusCode).toBe(200);

    const { rows: audit } = await t.pool.query<{
      action: string;
      actor_email: string;
      before: unknown;
      after: unknown;
    }>(
      `select action, actor_email, before, after from audit_log where entity_type = 'customer' and entity_id = $1 order by id`,
      [customer.id],
    );
    expect(audit).toEqual([
      {
        action: 'customer.disable',
        actor_email: adminUser.email,
        before: { disabled: false },
        after: { disabled: true },
      },
      {
        action: 'customer.enable',
        actor_email: adminUser.email,
        before: { disabled: true },
        after: { disabled: false },
      },
    ]);
  });

  it('refuses to disable staff or unknown accounts, writing nothing', async () => {
    const staff = await createUser(t, { role: 'staff' });
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${staff.id}/disable`, headers: admin });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/staff account/);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/customers/00000000-0000-4000-8000-000000000000/enable',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
    const { rows } = await t.pool.query<{ disabled: boolean }>('select disabled from users where id = $1', [staff.id]);
    expect(rows[0]?.disabled).toBe(false);
    const { rows: audit } = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from audit_log where entity_id = $1`,
      [staff.id],
    );
    expect(audit[0]?.n).toBe(0);
  });
});
