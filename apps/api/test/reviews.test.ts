import { ACCOUNT_MSG } from '@shop/contracts/account';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, products, reviews } from '../src/db/schema.ts';
import { createOrder } from './account-fixtures.ts';
import { createProduct, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const getReviews = (productId: string, headers: Headers = {}) =>
  t.app.inject({ method: 'GET', url: `/api/products/${productId}/reviews`, headers });
const postReview = (productId: string, headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/products/${productId}/reviews`, headers, payload: payload as object });
const figures = async (productId: string) => {
  const [row] = await t.db
    .select({ average: products.ratingAverage, count: products.ratingCount })
    .from(products)
    .where(eq(products.id, productId));
  return row;
};

/** A signed-in customer with a paid order of the product. */
async function buyer(productId: string) {
  const u = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
  await createOrder(t, u, productId, 'paid');
  return u;
}

const good = { rating: 4, title: 'Solid', body: 'Does what it says.' };

describe('reviews', () => {
  it('lists nothing for a new product; guests may not review; unknown products are 404', async () => {
    const p = await createProduct(t);
    const res = await getReviews(p.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], average: 0, count: 0, can_review: false, reviewed: false });
    expect((await getReviews(p.slug)).json().count).toBe(0);
    expect((await getReviews('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await postReview(p.id, {}, good)).statusCode).toBe(401);
  });

  it('refuses customers who did not buy the product (or whose order was cancelled) with 403', async () => {
    const p = await createProduct(t);
    const stranger = await signedInUser(t);
    const cancelled = await signedInUser(t);
    await createOrder(t, cancelled, p.id, 'cancelled');
    const otherProduct = await signedInUser(t);
    await createOrder(t, otherProduct, (await createProduct(t)).id, 'delivered');

    for (const u of [stranger, cancelled, otherProduct]) {
      expect((await getReviews(p.id, u.headers)).json()).toMatchObject({ can_review: false, reviewed: false });
      const res = await postReview(p.id, u.headers, good);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        message: 'Only customers who bought this product can review it',
        code: 'FORBIDDEN',
      });
    }
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, p.id))).toEqual([]);
    expect(await figures(p.id)).toEqual({ average: 0, count: 0 });
  });

  it('lets a buyer review once; the product’s average and count follow', async () => {
    const p = await createProduct(t);
    const u = await buyer(p.id);
    expect((await getReviews(p.id, u.headers)).json()).toMatchObject({ can_review: true, reviewed: false });

    const res = await postReview(p.id, u.headers, { rating: 4, title: '  Solid  ', body: ' Does what it says. ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      rating: 4,
      title: 'Solid',
      body: 'Does what it says.',
      author: 'Ada L.',
      variant: null,
      created_at: t.clock.now().toISOString(),
    });
    expect(await figures(p.id)).toEqual({ average: 4, count: 1 });

    const again = await postReview(p.id, u.headers, { ...good, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reviewed this product');
    expect(await figures(p.id)).toEqual({ average: 4, count: 1 });

    const second = await buyer(p.id);
    expect((await postReview(p.id, second.headers, { ...good, rating: 5 })).statusCode).toBe(201);
    expect(await figures(p.id)).toEqual({ average: 4.5, count: 2 });
    const third = await buyer(p.id);
    expect((await postReview(p.id, third.headers, { ...good, rating: 5 })).statusCode).toBe(201);
    // (4 + 5 + 5) / 3 = 4.666… → two decimals
    expect(await figures(p.id)).toEqual({ average: 4.67, count: 3 });

    const list = (await getReviews(p.id, u.headers)).json();
    expect(list).toMatchObject({ average: 4.67, count: 3, can_review: false, reviewed: true });
    // A buyer who has not reviewed yet is told apart from one who has (the page shows each its own text).
    expect((await getReviews(p.id, (await buyer(p.id)).headers)).json()).toMatchObject({
      can_review: true,
      reviewed: false,
    });
    expect(list.items).toHaveLength(3);
    // The product answer carries the same figures.
    expect((await t.app.inject({ url: `/api/products/${p.id}` })).json()).toMatchObject({
      rating: 4.67,
      rating_count: 3,
    });
  });

  it('names the variant the reviewer bought', async () => {
    const p = await createProduct(t, {
      options: [
        { name: 'Color', values: ['Red', 'Blue'] },
        { name: 'Size', values: ['S', 'M'] },
      ],
    });
    const redM = p.variants.find((v) => v.option1 === 'Red' && v.option2 === 'M');
    if (!redM) throw new Error('no Red / M variant');
    const u = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    await createOrder(t, u, p.id, 'paid', redM.id);
    const res = await postReview(p.id, u.headers, good);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().variant).toBe('Red / M');
    const [stored] = await t.db.select().from(reviews).where(eq(reviews.productId, p.id));
    expect(stored?.variantId).toBe(redM.id);
    expect((await getReviews(p.id)).json().items[0].variant).toBe('Red / M');
  });

  it('returns review text verbatim as plain text, markup included', async () => {
    const p = await createProduct(t);
    const u = await buyer(p.id);
    const body = '<script>alert("x")</script> & <b>bold</b> \'quoted\'';
    const res = await postReview(p.id, u.headers, { rating: 3, title: '<img src=x onerror=alert(1)>', body });
    expect(res.statusCode).toBe(201);
    const [item] = (await getReviews(p.id)).json().items;
    expect(item.body).toBe(body);
    expect(item.title).toBe('<img src=x onerror=alert(1)>');
    const [row] = await t.db.select().from(reviews).where(eq(reviews.productId, p.id));
    expect(row?.body).toBe(body);
  });

  it('moves the product in the rating sort', async () => {
    const brand = `rb${Date.now().toString(36)}`;
    await t.db.insert(brands).values({ id: brand, name: brand, slug: brand });
    const a = await createProduct(t, { brandId: brand });
    const b = await createProduct(t, { brandId: brand });
    const order = async () =>
      (await t.app.inject({ url: `/api/products?brand=${brand}&sort=rating` }))
        .json()
        .items.map((i: { id: string }) => i.id);

    const [first, last] = [a.id, b.id].sort();
    expect(await order()).toEqual([first, last]);
    await postReview(last as string, (await buyer(last as string)).headers, { ...good, rating: 3 });
    expect(await order()).toEqual([last, first]);
    await postReview(first as string, (await buyer(first as string)).headers, { ...good, rating: 5 });
    expect(await order()).toEqual([first, last]);
  });

  it('keeps the average exact under parallel reviews by different buyers', async () => {
    const p = await createProduct(t);
    const ratings = [5, 4, 3, 5, 1, 2, 5, 4, 4, 3, 5, 1, 2, 3, 4, 5, 5, 4, 2, 1];
    const buyers = await Promise.all(ratings.map(() => buyer(p.id)));
    const answers = await Promise.all(
      buyers.map((u, i) => postReview(p.id, u.headers, { ...good, rating: ratings[i] })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(ratings.map(() => 201));
    const mean = ratings.reduce((s, r) => s + r, 0) / ratings.length;
    expect(await figures(p.id)).toEqual({ average: Math.round(mean * 100) / 100, count: ratings.length });
  });

  it('counts a double submission by one buyer once', async () => {
    const p = await createProduct(t);
    const u = await buyer(p.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => postReview(p.id, u.headers, good)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await figures(p.id)).toEqual({ average: 4, count: 1 });
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const p = await createProduct(t);
    const u = await buyer(p.id);
    const cases: [unknown, string][] = [
      [{ ...good, rating: 0 }, 'Rating must be a whole number from 1 to 5'],
      [{ ...good, rating: 6 }, 'Rating must be a whole number from 1 to 5'],
      [{ ...good, rating: 2.5 }, 'Rating must be a whole number from 1 to 5'],
      [{ ...good, rating: '5' }, 'Rating is required'],
      [{ title: 'x', body: 'y' }, 'Rating is required'],
      [{ ...good, title: '   ' }, 'Title is required'],
      [{ ...good, title: 'x'.repeat(121) }, 'Title must be at most 120 characters'],
      [{ ...good, body: '' }, 'Review text is required'],
      [{ ...good, body: 'x'.repeat(5001) }, 'Review text must be at most 5000 characters'],
      [{ ...good, user_id: u.id }, 'Unrecognized key: "user_id"'],
    ];
    for (const [payload, message] of cases) {
      const res = await postReview(p.id, u.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, p.id))).toEqual([]);
    expect(ACCOUNT_MSG.notABuyer).toBe('Only customers who bought this product can review it');
  });
});
