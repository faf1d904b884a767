// Reviews on the product page: the list is in the server HTML; a buyer reviews in the page and
// sees the review at once; others are told who may review. The API's answers are the oracle.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { escapeHtml, findProduct } from './support/catalog.ts';
import { addToServerCart, hydrated, newShopper, type Shopper, signInPage } from './support/shopper.ts';

const bearer = (s: Shopper) => ({ authorization: `Bearer ${s.tokens.access}` });
const reviews = (page: Page) => page.getByRole('region', { name: 'Customer reviews' });

/** A paid order of the product, placed through the API with the test card. */
async function buy(request: APIRequestContext, shopper: Shopper, productId: string) {
  await addToServerCart(request, shopper, productId, 1);
  const res = await request.post('/api/orders', {
    headers: { ...bearer(shopper), 'idempotency-key': randomUUID() },
    data: {
      shipping_address: {
        name: 'Ada Lovelace',
        line1: '12 Analytical Way',
        city: 'London',
        postal_code: 'N1 9GU',
        country: 'GB',
      },
      shipping_method: 'standard',
      payment: {
        method: 'card',
        // The demo card as the browser sends it, brand and last 4 only.
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099, name: 'Ada Lovelace' },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function apiReviews(request: APIRequestContext, productId: string, shopper?: Shopper) {
  const res = await request.get(`/api/products/${productId}/reviews`, shopper ? { headers: bearer(shopper) } : {});
  expect(res.status()).toBe(200);
  return (await res.json()) as { average: number; count: number; can_review: boolean; reviewed: boolean };
}

async function openProduct(page: Page, slug: string) {
  await page.goto(`/products/${slug}`);
  await hydrated(page);
  await expect(reviews(page)).toBeVisible();
}

test('a buyer reviews in the page: the review shows at once, as text, and the figures follow', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, (p) => p.available >= 5 && p.available_sizes.length === 0);
  const buyer = await newShopper(request, 'Reviewer');
  await buy(request, buyer, product.id);
  expect(await apiReviews(request, product.id, buyer)).toMatchObject({ can_review: true, reviewed: false });

  await signInPage(page, buyer);
  await openProduct(page, product.slug);
  const section = reviews(page);
  const form = section.getByRole('form', { name: 'Write a review' });
  await expect(form).toBeVisible();

  // The contract's rules, with their messages.
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(form.getByText('Rating is required')).toBeVisible();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Review text is required')).toBeVisible();

  // The rating is a radio group of stars, usable by keyboard.
  const group = form.getByRole('group', { name: 'Your rating' });
  // A shopper clicks the star (the radio itself is visually hidden inside it).
  await group.locator('label', { hasText: '3 stars' }).click();
  await expect(group.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(group.getByRole('radio', { name: '4 stars' })).toBeChecked();

  const title = `Great <b>value</b> ${randomUUID().slice(0, 6)}`;
  const body = 'Works <b>fine</b> & <script>alert(1)</script> well';
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Your review').fill(body);
  await form.getByRole('button', { name: 'Post review' }).click();

  // At once: first in the list, markup shown literally (never as HTML), the form replaced by thanks.
  const list = section.getByRole('list', { name: 'Reviews' });
  const mine = list.getByRole('article', { name: title });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('heading', { level: 3 })).toHaveText(title);
  await expect(mine).toContainText(body);
  await expect(mine).toContainText('Test R.');
  await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(list.locator('b, script')).toHaveCount(0);
  await expect(section.getByText('Thank you! Your review is online.')).toBeVisible();
  await expect(form).toHaveCount(0);

  // The figures are the API's.
  const after = await apiReviews(request, product.id, buyer);
  expect(after).toMatchObject({ can_review: false, reviewed: true });
  await expect(section.getByTestId('reviews-average')).toHaveText(`${after.average.toFixed(1)} out of 5`);
  await expect(section.getByTestId('reviews-count')).toHaveText(
    `${after.count} ${after.count === 1 ? 'rating' : 'ratings'}`,
  );

  // In the server HTML, escaped, for search engines and first paint.
  const html = await (await request.get(`/products/${product.slug}`)).text();
  expect(html).toContain(escapeHtml(title));
  expect(html).not.toContain(title);

  // After a reload: the review is there; the buyer is thanked, not offered a second review.
  await openProduct(page, product.slug);
  await expect(reviews(page).getByRole('article', { name: title })).toBeVisible();
  await expect(reviews(page).getByText('Thank you for reviewing this product.')).toBeVisible();
  await expect(reviews(page).getByRole('form', { name: 'Write a review' })).toHaveCount(0);
  await expectAccessible(page);
});

test('who may not review is told so: guests are asked to sign in, other customers cannot', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, (p) => p.available >= 1);

  await openProduct(page, product.slug);
  await expect(reviews(page).getByText('Bought this product? Sign in to review it.')).toBeVisible();
  await reviews(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
  await page.keyboard.press('Escape');

  const stranger = await newShopper(request, 'Stranger');
  await signInPage(page, stranger);
  await openProduct(page, product.slug);
  await expect(reviews(page).getByText('Only customers who bought this product can review it.')).toBeVisible();
  await expect(reviews(page).getByRole('form', { name: 'Write a review' })).toHaveCount(0);
  await expectAccessible(page);
});
