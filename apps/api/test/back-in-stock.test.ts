import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, productSubscribers, users } from '../src/db/schema.ts';
import { createProduct, setStock as setStockOf, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { PAY_LATER, placeOrder, userBody } from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const sub = (method: 'POST' | 'DELETE', productId: string, headers: Headers) =>
  t.app.inject({ method, url: `/api/products/${productId}/subscribe`, headers });
const status = (productId: string, headers: Headers) =>
  t.app.inject({ url: `/api/products/${productId}/subscription`, headers });
/** Stock set on the product's variant(s): the product's figure follows. */
const setStock = (id: string, available: number) => setStockOf(t, id, available);
const mailsTo = (emails: string[]) => t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails));

describe('back in stock', () => {
  it('subscribes only to an out-of-stock product (422 otherwise), and unsubscribes', async () => {
    const u = await signedInUser(t);
    const inStock = await createProduct(t, { available: 3 });
    const refused = await sub('POST', inStock.id, u.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'This product is in stock', code: 'UNPROCESSABLE' });
    expect(await t.db.select().from(productSubscribers).where(eq(productSubscribers.userId, u.id))).toEqual([]);

    const out = await createProduct(t, { available: 0 });
    expect((await status(out.id, u.headers)).json()).toEqual({ subscribed: false });
    const ok = await sub('POST', out.slug, u.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ subscribed: true });
    expect((await status(out.id, u.headers)).json()).toEqual({ subscribed: true });
    // Twice is still one subscription.
    expect((await sub('POST', out.id, u.headers)).statusCode).toBe(200);
    expect(await t.db.select().from(productSubscribers).where(eq(productSubscribers.userId, u.id))).toHaveLength(1);

    expect((await sub('DELETE', out.id, u.headers)).json()).toEqual({ subscribed: false });
    expect((await status(out.id, u.headers)).json()).toEqual({ subscribed: false });
  });

  it('needs a signed-in user and an existing, published product', async () => {
    const out = await createProduct(t, { available: 0 });
    expect((await sub('POST', out.id, {})).statusCode).toBe(401);
    expect((await status(out.id, {})).statusCode).toBe(401);
    const u = await signedInUser(t);
    expect((await sub('POST', '00000000-0000-4000-8000-000000000000', u.headers)).statusCode).toBe(404);
    const draft = await createProduct(t, { available: 0, published: false });
    expect((await sub('POST', draft.id, u.headers)).statusCode).toBe(404);
    expect(await t.db.select().from(productSubscribers).where(eq(productSubscribers.userId, u.id))).toEqual([]);
  });

  it('mails each subscriber once with the product name and link, even when notified twice in parallel', async () => {
    const p = await createProduct(t, { available: 0, name: 'Back Soon Lamp' });
    const subscribers = await Promise.all(Array.from({ length: 8 }, () => signedInUser(t)));
    for (const u of subscribers) expect((await sub('POST', p.id, u.headers)).statusCode).toBe(200);
    const emails = subscribers.map((u) => u.email);

    // Still out of stock: nobody is mailed and everyone keeps waiting.
    expect(await t.app.services.backInStock.notifyBackInStock([p.id])).toBe(0);
    expect(await mailsTo(emails)).toEqual([]);

    await setStock(p.id, 5);
    const sent = await Promise.all([
      t.app.services.backInStock.notifyBackInStock([p.id]),
      t.app.services.backInStock.notifyBackInStock([p.id, p.id]),
      t.app.services.backInStock.notifyBackInStock([p.id, 'not-a-uuid']),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(subscribers.length);
    const mails = await mailsTo(emails);
    expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
    for (const m of mails) {
      expect(m.subject).toBe('Back in stock: Back Soon Lamp');
      expect(m.text).toContain('Back Soon Lamp');
      expect(m.text).toContain(`/products/${p.slug}`);
    }
    // Later calls mail nobody; the subscription is done.
    expect(await t.app.services.backInStock.notifyBackInStock([p.id])).toBe(0);
    expect((await status(p.id, subscribers[0]?.headers ?? {})).json()).toEqual({ subscribed: false });
  });

  it('notifies on the next restock only those who subscribed again', async () => {
    const p = await createProduct(t, { available: 0 });
    const again = await signedInUser(t);
    const once = await signedInUser(t);
    const gone = await signedInUser(t);
    for (const u of [again, once, gone]) await sub('POST', p.id, u.headers);
    // A disabled (e.g. deleted) account is never mailed.
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, gone.id));

    await setStock(p.id, 2);
    expect(await t.app.services.backInStock.notifyBackInStock([p.id])).toBe(2);

    await setStock(p.id, 0);
    expect((await sub('POST', p.id, again.headers)).statusCode).toBe(200);
    expect((await status(p.id, again.headers)).json()).toEqual({ subscribed: true });
    await setStock(p.id, 4);
    expect(await t.app.services.backInStock.notifyBackInStock([p.id])).toBe(1);

    const count = async (email: string) => (await mailsTo([email])).length;
    expect(await count(again.email)).toBe(2);
    expect(await count(once.email)).toBe(1);
    expect(await count(gone.email)).toBe(0);
    const [row] = await t.db
      .select()
      .from(productSubscribers)
      .where(and(eq(productSubscribers.productId, p.id), eq(productSubscribers.userId, gone.id)));
    expect(row?.notifiedAt).toBeNull();
  });

  it('notifies nobody for an empty or unknown list', async () => {
    expect(await t.app.services.backInStock.notifyBackInStock([])).toBe(0);
    expect(await t.app.services.backInStock.notifyBackInStock(['00000000-0000-4000-8000-000000000000'])).toBe(0);
  });
});

describe('back in stock per variant', () => {
  const subVariant = (productId: string, variantId: string, headers: Headers) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/subscribe`,
      headers,
      payload: { variant_id: variantId },
    });
  const variantStatus = (productId: string, variantId: string, headers: Headers) =>
    t.app.inject({ url: `/api/products/${productId}/subscription?variant_id=${variantId}`, headers });
  const tee = () =>
    createProduct(t, { colors: ['Red', 'Blue'], name: 'Two Tone Tee' }, [
      { values: ['Red'], available: 1 },
      { values: ['Blue'], available: 0 },
    ]);

  it('subscribes to a sold-out variant of a product that is in stock; refuses one in stock or of another product', async () => {
    const u = await signedInUser(t);
    const p = await tee();
    const [red, blue] = p.variants;
    if (!red || !blue) throw new Error('variants missing');
    expect((await sub('POST', p.id, u.headers)).statusCode).toBe(422); // Red is in stock
    const inStock = await subVariant(p.id, red.id, u.headers);
    expect(inStock.statusCode).toBe(422);
    expect(inStock.json().message).toBe('This product is in stock');
    const other = await createProduct(t, { available: 0 });
    const foreign = await subVariant(other.id, blue.id, u.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Variant not found for this product');
    expect((await subVariant(p.id, 'not-a-uuid', u.headers)).statusCode).toBe(404);

    expect((await subVariant(p.id, blue.id, u.headers)).json()).toEqual({ subscribed: true });
    expect((await variantStatus(p.id, blue.id, u.headers)).json()).toEqual({ subscribed: true });
    // The product-level subscription (the documented) is another one.
    expect((await status(p.id, u.headers)).json()).toEqual({ subscribed: false });
    const rows = await t.db.select().from(productSubscribers).where(eq(productSubscribers.userId, u.id));
    expect(rows.map((r) => r.variantId)).toEqual([blue.id]);
    const off = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${p.id}/subscribe?variant_id=${blue.id}`,
      headers: u.headers,
    });
    expect(off.json()).toEqual({ subscribed: false });
    expect(await t.db.select().from(productSubscribers).where(eq(productSubscribers.userId, u.id))).toEqual([]);
  });

  it('a cancel that brings a variant back mails its subscribers and the product’s, once; a sibling’s stay waiting', async () => {
    const p = await tee();
    const [red, blue] = p.variants;
    if (!red || !blue) throw new Error('variants missing');
    // The last Red is bought: the whole product is out of stock.
    const buyer = await signedInUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/products/add-to-cart',
      headers: buyer.headers,
      payload: { product_id: p.id, color: 'Red' },
    });
    const placed = await placeOrder(t, userBody({ payment: PAY_LATER }), { headers: buyer.headers });
    expect(placed.statusCode).toBe(201);

    const wantsRed = await signedInUser(t);
    const wantsBlue = await signedInUser(t);
    const wantsAny = await signedInUser(t);
    const wantsBoth = await signedInUser(t);
    expect((await subVariant(p.id, red.id, wantsRed.headers)).statusCode).toBe(200);
    expect((await subVariant(p.id, blue.id, wantsBlue.headers)).statusCode).toBe(200);
    expect((await sub('POST', p.id, wantsAny.headers)).statusCode).toBe(200);
    expect((await sub('POST', p.id, wantsBoth.headers)).statusCode).toBe(200);
    expect((await subVariant(p.id, red.id, wantsBoth.headers)).statusCode).toBe(200);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.json().id}/cancel`,
      headers: buyer.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    await t.drain();

    const mails = await mailsTo([wantsRed.email, wantsBlue.email, wantsAny.email, wantsBoth.email]);
    expect(mails.map((m) => m.to).sort()).toEqual([wantsAny.email, wantsBoth.email, wantsRed.email].sort());
    expect(mails.find((m) => m.to === wantsRed.email)?.subject).toBe('Back in stock: Two Tone Tee (Red)');
    expect(mails.find((m) => m.to === wantsAny.email)?.subject).toBe('Back in stock: Two Tone Tee');
    expect((await variantStatus(p.id, blue.id, wantsBlue.headers)).json()).toEqual({ subscribed: true });
    // Notified once: running the job again mails nobody.
    expect(await t.app.services.backInStock.notifyBackInStock([p.id])).toBe(0);

    // Blue comes in: only its subscriber is told.
    await setStock(blue.id, 3);
    expect(await t.app.services.backInStock.notifyBackInStock([p.id])).toBe(1);
    expect((await mailsTo([wantsBlue.email])).map((m) => m.subject)).toEqual(['Back in stock: Two Tone Tee (Blue)']);
  });
});
