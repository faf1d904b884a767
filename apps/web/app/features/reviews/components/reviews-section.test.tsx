// @vitest-environment happy-dom
import type { Review, ReviewList } from '@shop/contracts/account';
import type { PublicUser } from '@shop/contracts/auth';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJsonApi, jsonResponse } from '../../../lib/testing/fake-json-api.ts';
import { login, logout } from '../../auth/index.ts';
import ReviewsSection from './reviews-section.tsx';

const PRODUCT = 'p-1';
const user: PublicUser = {
  id: 'user-1',
  email: 'grace@example.com',
  username: 'grace',
  first_name: 'Grace',
  last_name: 'Hopper',
  role: 'customer',
  name: 'Grace Hopper',
};
const markup: Review = {
  id: 'r-1',
  rating: 5,
  title: '<b>Bold</b> claim',
  body: 'Line one <img src=x onerror=alert(1)>\nLine two',
  author: 'Ada L.',
  variant: 'Red / M',
  created_at: '2030-01-01T10:00:00.000Z',
};
const guestView: ReviewList = { items: [markup], average: 5, count: 1, can_review: false, reviewed: false };

let api: ReturnType<typeof fakeJsonApi>;
let revalidations = 0;

let initialList = guestView;
const Page = () => <ReviewsSection productId={PRODUCT} initial={initialList} />;

/** Renders the section on a product route (its loader stands for the page's) and waits for it. */
async function renderSection(initial: ReviewList = guestView) {
  initialList = initial;
  const Stub = createRoutesStub([
    {
      path: '/products/:id',
      Component: Page,
      loader: () => {
        revalidations += 1;
        return null;
      },
    },
  ]);
  render(<Stub initialEntries={[`/products/${PRODUCT}`]} />);
  return screen.findByRole('region', { name: 'Customer reviews' });
}

const section = () => screen.getByRole('region', { name: 'Customer reviews' });

// The form is loaded on demand; compiling it once up front keeps each test's waits short on a busy machine.
beforeAll(async () => {
  await import('./review-form.tsx');
}, 30_000);

beforeEach(() => {
  revalidations = 0;
  api = fakeJsonApi({});
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => {
  cleanup();
  logout();
  vi.unstubAllGlobals();
});

describe('ReviewsSection', () => {
  it('shows the average, the count and each review as text, never as HTML', async () => {
    const region = await renderSection();
    expect(within(region).getByTestId('reviews-average').textContent).toBe('5.0 out of 5');
    expect(within(region).getByTestId('reviews-count').textContent).toBe('1 rating');
    const article = within(region).getByRole('article', { name: '<b>Bold</b> claim' });
    expect(article.textContent).toContain('Line one <img src=x onerror=alert(1)>');
    expect(article.textContent).toContain('Ada L. · January 1, 2030 · Bought: Red / M');
    expect(region.querySelector('b, img')).toBeNull();
    expect(within(article).getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
  });

  it('says so when there are no reviews yet', async () => {
    await renderSection({ items: [], average: 0, count: 0, can_review: false, reviewed: false });
    expect((await screen.findByTestId('reviews-count')).textContent).toBe('No reviews yet.');
    expect(screen.queryByRole('list', { name: 'Reviews' })).toBeNull();
  });

  it('asks guests to sign in and does not call the API for them', async () => {
    await renderSection();
    expect(await within(section()).findByText('Bought this product? Sign in to review it.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('tells a signed-in customer who did not buy it that only buyers may review', async () => {
    api.handlers[`GET products/${PRODUCT}/reviews`] = () => jsonResponse(200, guestView);
    login(user, { access: 'access-1', refresh: 'refresh-1' });
    await renderSection();
    expect(await within(section()).findByText('Only customers who bought this product can review it.')).toBeTruthy();
    expect(api.calls[0]?.authorization).toBe('Bearer access-1');
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
  });

  it('thanks a buyer who has reviewed already instead of offering the form again', async () => {
    api.handlers[`GET products/${PRODUCT}/reviews`] = () => jsonResponse(200, { ...guestView, reviewed: true });
    login(user, { access: 'access-1', refresh: 'refresh-1' });
    await renderSection();
    expect(await within(section()).findByText('Thank you for reviewing this product.')).toBeTruthy();
  });

  it('lets a buyer post: the review shows at once, the figures move, the page reloads its data', async () => {
    const posted: Review = {
      id: 'r-2',
      rating: 2,
      title: 'Meh',
      body: 'Broke after a week.',
      author: 'Grace H.',
      variant: null,
      created_at: '2030-01-02T10:00:00.000Z',
    };
    api.handlers[`GET products/${PRODUCT}/reviews`] = () => jsonResponse(200, { ...guestView, can_review: true });
    api.handlers[`POST products/${PRODUCT}/reviews`] = () => jsonResponse(201, posted);
    login(user, { access: 'access-1', refresh: 'refresh-1' });
    await renderSection();
    const form = await screen.findByRole('form', { name: 'Write a review' }, { timeout: 5000 });
    const loaderRuns = revalidations;

    // The contract's rules, in the form.
    fireEvent.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(await within(form).findByText('Rating is required')).toBeTruthy();
    expect(within(form).getByText('Title is required')).toBeTruthy();
    expect(within(form).getByText('Review text is required')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(within(form).getByRole('radio', { name: '2 stars' }));
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Meh' } });
    fireEvent.change(within(form).getByLabelText('Your review'), { target: { value: 'Broke after a week.' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Post review' }));
    });

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      rating: 2,
      title: 'Meh',
      body: 'Broke after a week.',
    });
    const list = within(section()).getByRole('list', { name: 'Reviews' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby')),
    ).toEqual(['review-r-2', 'review-r-1']);
    expect(within(section()).getByTestId('reviews-average').textContent).toBe('3.5 out of 5');
    expect(within(section()).getByTestId('reviews-count').textContent).toBe('2 ratings');
    expect(within(section()).getByText('Thank you! Your review is online.')).toBeTruthy();
    await waitFor(() => expect(revalidations).toBeGreaterThan(loaderRuns));
  });

  it('shows the API’s refusal in the red box', async () => {
    api.handlers[`GET products/${PRODUCT}/reviews`] = () => jsonResponse(200, { ...guestView, can_review: true });
    api.handlers[`POST products/${PRODUCT}/reviews`] = () =>
      jsonResponse(409, { message: 'You have already reviewed this product', code: 'CONFLICT' });
    login(user, { access: 'access-1', refresh: 'refresh-1' });
    await renderSection();
    const form = await screen.findByRole('form', { name: 'Write a review' }, { timeout: 5000 });
    fireEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Again' } });
    fireEvent.change(within(form).getByLabelText('Your review'), { target: { value: 'Twice?' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post review' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('You have already reviewed this product');
    expect(within(section()).getByTestId('reviews-count').textContent).toBe('1 rating');
  });
});
