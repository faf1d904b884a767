import type { CurrencySettingsAnswer } from '@shop/contracts/currency-settings';
import type { Quote } from '@shop/contracts/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { authHeaders, createProduct } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { guestBody, quote } from './orders-fixtures.ts';

let t: TestApp;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  adminHeaders = await authHeaders(t, await createUser(t, { role: 'admin' }));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', payload?: unknown) =>
  t.app.inject({
    method,
    url: '/api/admin/currencies',
    headers: adminHeaders,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const read = async () => (await call('GET')).json() as CurrencySettingsAnswer;
const updates = async () => t.db.select().from(auditLog).where(eq(auditLog.action, 'currencies.update'));

const EUR = { code: 'EUR', rate: 0.92, rounding: 'charm', countries: ['DE', 'FR'] };
const JPY = { code: 'JPY', rate: 151.37, rounding: 'none', countries: [] };
const SETTINGS = { base: 'USD', presentment: [EUR, JPY] };

describe('admin Settings › Currencies', () => {
  it('saves euros and yen, answers them with their names and minor units, and reads them back', async () => {
    const res = await call('PUT', SETTINGS);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as CurrencySettingsAnswer;
    expect(saved.base).toEqual({ code: 'USD', name: 'US Dollar', digits: 2 });
    expect(saved.presentment).toEqual([
      { code: 'EUR', name: 'Euro', digits: 2, rate: 0.92, rounding: 'charm', countries: ['DE', 'FR'] },
      { code: 'JPY', name: 'Yen', digits: 0, rate: 151.37, rounding: 'none', countries: [] },
    ]);
    // The demo shop has orders: its base stays.
    expect(saved.base_locked).toBe(true);
    expect(saved.choices).toContainEqual({ code: 'KWD', name: 'Kuwaiti Dinar', digits: 3 });
    expect(saved.choices.some((c) => c.code === 'XAU')).toBe(false);
    expect(await read()).toEqual(saved);
  });

  it('writes who changed the currencies, with before and after', async () => {
    const [entry, ...more] = await updates();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ entityType: 'settings', entityId: 'currencies' });
    const before = entry?.before as CurrencySettingsAnswer;
    const after = entry?.after as CurrencySettingsAnswer;
    // The demo's euros and pounds, then the test's euros and yen; the list of choices is not copied.
    expect(before.presentment.map((c) => c.code)).toEqual(['EUR', 'GBP']);
    expect(after.presentment.map((c) => c.code)).toEqual(['EUR', 'JPY']);
    expect(after).not.toHaveProperty('choices');
  });

  it('refuses a code that is no money, a rate of 0 or below or too precise, a country twice, the base again; nothing saved', async () => {
    const before = await read();
    const auditsBefore = (await updates()).length;
    const ISO = 'A currency is a three-letter ISO 4217 code, like EUR';
    const cases: [unknown, string, string][] = [
      [{ base: 'USD', presentment: [{ ...JPY, code: 'ABC' }] }, 'body.presentment.0.code', ISO],
      [{ base: 'USD', presentment: [{ ...JPY, code: 'XAU' }] }, 'body.presentment.0.code', ISO],
      [{ base: 'USD', presentment: [{ ...JPY, rate: -1 }] }, 'body.presentment.0.rate', 'The rate must be more than 0'],
      [{ base: 'USD', presentment: [{ ...JPY, rate: 0 }] }, 'body.presentment.0.rate', 'The rate must be more than 0'],
      [
        { base: 'USD', presentment: [{ ...JPY, rate: 1.1234567 }] },
        'body.presentment.0.rate',
        'The rate may have at most 6 decimals',
      ],
      [
        { base: 'USD', presentment: [EUR, { ...JPY, countries: ['JP', 'DE'] }] },
        'body.presentment.1.countries.1',
        'Germany already gets EUR',
      ],
      [{ base: 'USD', presentment: [{ ...EUR, code: 'USD' }] }, 'body.presentment.0.code', 'USD is the base currency'],
    ];
    for (const [body, path, message] of cases) {
      const res = await call('PUT', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().details.issues).toContainEqual({ path, message });
    }
    expect(await read()).toEqual(before);
    expect((await updates()).length).toBe(auditsBefore);
  });

  it('keeps the base once the shop has orders: their amounts are in it', async () => {
    const before = await read();
    const res = await call('PUT', { base: 'EUR', presentment: [JPY] });
    expect(res.statusCode).toBe(409);
    const message = 'The base currency cannot change once the shop has orders: their amounts are in it';
    expect(res.json().details.issues).toEqual([{ path: 'body.base', message }]);
    expect(await read()).toEqual(before);
  });

  it('quotes in yen when asked, in whole yen, and refuses a currency the shop does not take', async () => {
    const product = await createProduct(t, { salePriceCents: 1999 });
    const body = guestBody([{ product_id: product.id, quantity: 2 }]);
    const res = await quote(t, { ...body, currency: 'JPY' });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json() as Quote;
    expect(q.currency).toEqual({ code: 'JPY', digits: 0 });
    // $19.99 × 151.37 = ¥3,025.89: no rounding rule but the yen's own.
    expect(q.lines[0]?.unit_price).toBe(3026);
    const amounts = [...q.lines.flatMap((l) => [l.unit_price, l.line_total]), ...Object.values(q.totals)];
    expect(amounts.every(Number.isInteger), JSON.stringify(amounts)).toBe(true);
    expect(q.totals.total).toBeGreaterThan(0);

    const refused = await quote(t, { ...body, currency: 'CHF' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      reason: 'currency_not_offered',
      details: { field: 'currency', offered: ['USD', 'EUR', 'JPY'] },
    });
  });

  it('without orders, lets the base change to one with the same minor units, but not other ones while there are products', async () => {
    await t.db.execute(sql`truncate orders cascade`);
    expect((await read()).base_locked).toBe(false);

    const toYen = await call('PUT', { base: 'JPY', presentment: [] });
    expect(toYen.statusCode).toBe(409);
    const [issue] = toYen.json().details.issues;
    expect(issue.path).toBe('body.base');
    expect(issue.message).toMatch(/minor units.*the catalogue must be empty/);
    expect((await read()).base.code).toBe('USD');

    const toEuro = await call('PUT', { base: 'EUR', presentment: [{ ...JPY, countries: ['JP'] }] });
    expect(toEuro.statusCode, toEuro.body).toBe(200);
    expect(await read()).toMatchObject({ base: { code: 'EUR', digits: 2 }, base_locked: false });
  });
});
