import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPages } from '../src/db/schema.ts';
import { CONTENT_PAGES } from '../src/db/seed/content.ts';
import { currentSettings } from './admin-store-fixtures.ts';
import { authHeaders, createProduct } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { guestBody, quote } from './orders-fixtures.ts';

// Policy pages quote checkout's figures through placeholders expanded from the store
// settings, so the pages and checkout cannot disagree. Point 13: "Last updated" is a real staff edit.

let t: TestApp;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  adminHeaders = await authHeaders(t, await createUser(t, { role: 'admin' }));
});
afterAll(() => t.close());

const page = async (slug: string) => (await t.app.inject({ url: `/api/pages/${slug}` })).json();
const text = (p: { title: string; description: string; body: string }) => `${p.title}\n${p.description}\n${p.body}`;
const admin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });

/** The pages that quote shipping, tax or payment terms. */
const POLICY_PAGES = ['shipping', 'faq', 'help', 'terms'];

describe('content pages quote the store settings', () => {
  it('the seeded texts state no figure of their own: prices, tax and delivery times are placeholders', () => {
    for (const p of CONTENT_PAGES) {
      const all = text(p);
      expect(all, p.slug).not.toMatch(/\$\s?\d/);
      expect(all, p.slug).not.toMatch(/\d\s?%/);
      expect(all, p.slug).not.toMatch(/\d+\s*(?:to|–|-)\s*\d+ business days/);
      expect(all, p.slug).not.toMatch(/include[sd]? (?:applicable )?tax/i);
      expect(all, p.slug).not.toMatch(/within the country only|domestic only/i);
    }
  });

  it('serves the seeded pages with the figures checkout charges and no placeholder left', async () => {
    const p = await createProduct(t, { salePriceCents: 1000 });
    const q = (await quote(t, guestBody([{ product_id: p.id, quantity: 1 }]))).json();
    // checkout: $5.99 standard shipping (the first band by weight) and 8 % tax added on top, as seeded.
    expect(q.totals.shipping).toBe(5.99);
    expect(q.tax_rate).toBe(8);

    for (const slug of CONTENT_PAGES.map((c) => c.slug)) expect(text(await page(slug)), slug).not.toContain('{{');
    const shipping = (await page('shipping')).body;
    expect(shipping).toContain(
      '<li>Standard shipping: 5–7 business days, from $5.99, free on orders of $50.00 or more after discounts.</li>',
    );
    expect(shipping).toContain('<li>Express shipping: 1–2 business days, $14.99.</li>');
    expect(shipping).toContain('8% sales tax is added at checkout');
    expect((await page('help')).body).toContain('Standard shipping: from $5.99, free on orders of $50.00 or more');
    expect((await page('faq')).body).toContain('Standard shipping: 5–7 business days.');
    const terms = (await page('terms')).body;
    expect(terms).toContain('8% sales tax is added at checkout');
    expect(terms).toContain('within 14 days of the invoice');
    expect(terms).not.toMatch(/include[sd]? (?:applicable )?tax/i);
  });

  it('follows a change of rates and tax in admin Settings on every page at once', async () => {
    const original = await currentSettings(t);
    const originalShipping = (await admin('GET', '/api/admin/shipping')).json();
    const [zone] = originalShipping.zones;
    const flat = (code: string, name: string, estimate: string, price: number, freeOver: number | null) => ({
      code,
      name,
      estimate,
      rate: { kind: 'flat', price },
      free_over: freeOver,
      free_over_basis: 'after_discount',
    });
    const shipping = {
      zones: [
        {
          ...zone,
          methods: [
            flat('standard', 'Standard shipping', '2–4 business days', 7.25, 80),
            flat('express', 'Express shipping', '1–2 business days', 19.5, null),
          ],
        },
      ],
    };
    try {
      expect(
        (await admin('PUT', '/api/admin/settings', { ...original, tax_rate_percent: 0, pay_later_days: 30 }))
          .statusCode,
      ).toBe(200);
      expect((await admin('PUT', '/api/admin/shipping', shipping)).statusCode).toBe(200);
      const p = await createProduct(t, { salePriceCents: 1000 });
      const q = (await quote(t, guestBody([{ product_id: p.id, quantity: 1 }]))).json();
      expect([q.totals.shipping, q.totals.tax]).toEqual([7.25, 0]);
      // The delivery time checkout lists beside the method is the one the pages quote.
      expect(q.shipping_options.map((m: { estimate: string }) => m.estimate)).toEqual([
        '2–4 business days',
        '1–2 business days',
      ]);

      for (const slug of POLICY_PAGES) {
        const all = text(await page(slug));
        expect(all, slug).not.toMatch(/\$5\.99|\$14\.99|\$50\.00|8%|14 days|5–7 business days/);
      }
      expect((await page('shipping')).body).toContain(
        '<li>Standard shipping: 2–4 business days, $7.25, free on orders of $80.00 or more after discounts.</li><li>Express shipping: 1–2 business days, $19.50.</li>',
      );
      expect((await page('help')).body).toContain('Express shipping: $19.50.');
      const terms = (await page('terms')).body;
      expect(terms).toContain('No sales tax is added at checkout.');
      expect(terms).toContain('within 30 days of the invoice');
    } finally {
      expect((await admin('PUT', '/api/admin/settings', original)).statusCode).toBe(200);
      expect((await admin('PUT', '/api/admin/shipping', originalShipping)).statusCode).toBe(200);
    }
  });

  it('refuses an edit with an unknown placeholder (400, nothing saved) and drops one already stored', async () => {
    const before = await page('returns');
    const res = await admin('PUT', '/api/admin/content-pages/returns', {
      title: before.title,
      description: before.description,
      body: 'Returns cost {{shipping.return.price}}.',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Unknown placeholder {{shipping.return.price}}: use one of the placeholders listed under the editor',
    });
    expect(await page('returns')).toEqual(before);

    // Stored by other means (a placeholder retired later): shoppers never see the braces.
    await t.db
      .update(contentPages)
      .set({ body: 'Returns cost {{ shipping.return.price }} and ship {{shipping.standard.delivery}}.' })
      .where(eq(contentPages.slug, 'returns'));
    expect((await page('returns')).body).toBe('Returns cost  and ship 5–7 business days.');
  });

  it('keeps placeholders unexpanded in the admin editor, so a save keeps them', async () => {
    const items = (await admin('GET', '/api/admin/content-pages')).json().items as { slug: string; body: string }[];
    expect(items.find((p) => p.slug === 'shipping')?.body).toContain('{{shipping.standard.cost}}');
  });
});

describe('"Last updated" is when staff changed the text', () => {
  it('a seeded page has no change date; a staff edit records the time of the edit', async () => {
    const seeded = await page('privacy');
    expect(seeded.updated_at).toBeNull();
    const at = new Date('2026-05-04T09:30:00.000Z');
    t.clock.set(at);
    const res = await admin('PUT', '/api/admin/content-pages/privacy', {
      title: seeded.title,
      description: seeded.description,
      body: `${seeded.body}<p>We reviewed this policy in May.</p>`,
    });
    expect(res.statusCode).toBe(200);
    expect((await page('privacy')).updated_at).toBe(at.toISOString());
    const listed = await t.app.services.content.listPages();
    expect(listed.find((p) => p.slug === 'privacy')?.updated_at).toBe(at.toISOString());
    expect(listed.find((p) => p.slug === 'cookies')?.updated_at).toBeNull();
  });
});
