import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

/** What the storefront footer shows comes from admin Settings and the payment methods the shop takes. */

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = await authHeaders(t, await createUser(t, { role: 'admin' }));
});
afterAll(() => t.close());

const settings = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers })).json() as Record<string, unknown>;
const put = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: body });
const profile = () => t.app.services.settings.profile();

describe('the footer from settings', () => {
  it('the demo has its placeholders as settings, and a shop of its own shows only what it set', async () => {
    const demo = await settings();
    expect(demo).toMatchObject({
      contact_phone: '+1 (555) 123-4567',
      contact_email: 'support@shop.example',
      opening_hours: 'Monday to Friday, 9:00–18:00',
      payment_badges: ['visa', 'mastercard', 'paypal'],
    });
    const own = {
      ...demo,
      contact_phone: '',
      contact_email: 'hello@wick.example',
      opening_hours: 'Tuesday to Saturday, 10:00–17:00',
      payment_badges: null,
      social_links: { facebook: '', twitter: '', instagram: 'https://instagram.com/wick', youtube: '' },
    };
    const res = await put(own);
    expect(res.statusCode, res.body).toBe(200);
    const shown = await profile();
    expect(shown).toMatchObject({
      contactPhone: '',
      contactEmail: 'hello@wick.example',
      openingHours: 'Tuesday to Saturday, 10:00–17:00',
      social: [{ network: 'instagram', label: 'Instagram', url: 'https://instagram.com/wick' }],
    });
    // The demo's card provider and bank details: cards and invoices, and no PayPal, which it does not take.
    expect(shown.paymentBadges.map((b) => b.name)).toEqual(['Visa', 'Mastercard', 'American Express', 'Invoice']);
    expect((await put(demo)).statusCode).toBe(200);
  });

  it('refuses badges it does not know or repeats, and hours too long, changing nothing', async () => {
    const before = await settings();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ payment_badges: ['bitcoin'] }, /Payment badges must be among the known ones/],
      [{ payment_badges: ['visa', 'visa'] }, /Payment badges must not repeat/],
      [{ payment_badges: 'visa' }, /Payment badges must be a list/],
      [{ opening_hours: 'x'.repeat(121) }, /Opening hours must be at most 120/],
    ];
    for (const [change, message] of cases) {
      const res = await put({ ...before, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await settings()).toEqual(before);
  });
});
