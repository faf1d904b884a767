import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, productSubscribers, products, users } from '../src/db/schema.ts';
import { createProduct, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

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
const setStock = (productId: string, available: number) =>
  t.db.update(products).set({ available }).where(eq(products.id, productId));
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
