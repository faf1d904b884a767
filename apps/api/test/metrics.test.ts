import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { guestBody, placeOrder } from './orders-fixtures.ts';

/**
 * GET /metrics in Prometheus' text format behind METRICS_TOKEN — requests per
 * route pattern (not URL) and status class with durations, the pool's use, orders placed, process metrics.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let bare: TestApp;

beforeAll(async () => {
  [t, bare] = await Promise.all([createTestApp({ env: { METRICS_TOKEN: TOKEN } }), createTestApp()]);
});
afterAll(() => Promise.all([t.close(), bare.close()]));

const scrape = (app: TestApp, authorization?: string) =>
  app.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one series, e.g. `sample(text, 'shop_orders_placed_total{payment="invoice"}')`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN (404 in the shop’s error format)', async () => {
    const res = await scrape(bare, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('refuses a missing or wrong token with 401', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, 'Bearer ']) {
      const res = await scrape(t, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(res.body).not.toContain('shop_http');
    }
  });

  it('counts requests by route pattern and status class, with durations; the pool; process metrics', async () => {
    const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', 'not-a-uuid'];
    for (const id of ids) await t.app.inject({ url: `/api/products/${id}` });
    for (let i = 0; i < 3; i++) await t.app.inject({ url: `/api/no-such-thing-${i}` });
    await t.app.inject({ url: '/api/health' });

    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE shop_http_request_duration_seconds histogram');
    expect(
      sample(text, 'shop_http_request_duration_seconds_count{route="/api/health",method="GET",status_class="2xx"}'),
    ).toBe(1);
    // Three URLs, one pattern: the raw addresses never become labels.
    const productSeries = text
      .split('\n')
      .filter((l) => l.startsWith('shop_http_request_duration_seconds_count{route="/api/products/:id"'));
    expect(productSeries.length).toBeGreaterThan(0);
    expect(productSeries.reduce((n, l) => n + Number(l.split(' ')[1]), 0)).toBe(3);
    expect(text).not.toContain('11111111-1111');
    expect(text).not.toContain('no-such-thing');
    expect(
      sample(
        text,
        'shop_http_request_duration_seconds_count{route="(unknown api route)",method="GET",status_class="4xx"}',
      ),
    ).toBe(3);
    expect(text).toMatch(/shop_http_request_duration_seconds_bucket\{le="0\.1",route="\/api\/health"/);
    for (const state of ['total', 'idle', 'waiting']) {
      expect(sample(text, `shop_db_pool_connections{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, 'shop_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts an order when it is placed, not when its key is replayed', async () => {
    const series = 'shop_orders_placed_total{payment="pay_later"}';
    const before = sample((await scrape(t, `Bearer ${TOKEN}`)).body, series) ?? 0;
    const product = await createProduct(t, { available: 10 });
    const body = guestBody([{ product_id: product.id, quantity: 1 }]);
    expect((await placeOrder(t, body, { key: 'metrics-order-1' })).statusCode).toBe(201);
    expect((await placeOrder(t, body, { key: 'metrics-order-1' })).statusCode).toBe(201);
    const after = sample((await scrape(t, `Bearer ${TOKEN}`)).body, series);
    expect(after).toBe(before + 1);
  });
});
