// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotFoundPage } from './not-found-page.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The first four of the shop's categories, as the storefront layout hands them over (the demo's). */
const CATEGORIES = [
  { id: 'electronics', name: 'Electronics' },
  { id: 'fashion', name: 'Fashion' },
  { id: 'home', name: 'Home & Garden' },
  { id: 'sports', name: 'Sports & Outdoors' },
];

function renderNotFound() {
  const Stub = createRoutesStub([
    { path: '/', Component: Where },
    { path: '/products', Component: Where },
    { path: '*', Component: () => <NotFoundPage categories={CATEGORIES} /> },
  ]);
  return render(<Stub initialEntries={['/no/such/page']} />);
}

const timerText = () => screen.getByRole('timer').textContent;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('NotFoundPage (docs/product.md §2)', () => {
  it('counts down from 10 seconds, one second at a time, then goes to the homepage', () => {
    renderNotFound();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops! Page Not Found');
    expect(timerText()).toBe('Redirecting to the homepage in 10 seconds.');
    act(() => vi.advanceTimersByTime(1000));
    expect(timerText()).toBe('Redirecting to the homepage in 9 seconds.');
    act(() => vi.advanceTimersByTime(8000));
    expect(timerText()).toBe('Redirecting to the homepage in 1 second.');
    expect(screen.queryByTestId('where')).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('Cancel stops the redirect for good', () => {
    renderNotFound();
    act(() => vi.advanceTimersByTime(4000));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Automatic redirect cancelled. Take your time.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops! Page Not Found');
  });

  it('the labelled search box stops the countdown and searches /products?q=… (docs/product.md §10)', async () => {
    renderNotFound();
    const search = screen.getByRole('searchbox', { name: 'Search products' });
    fireEvent.focus(search);
    expect(screen.queryByRole('timer')).toBeNull();
    fireEvent.change(search, { target: { value: 'desk lamp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await act(() => vi.runAllTimersAsync());
    expect(screen.getByTestId('where').textContent).toBe('/products?q=desk+lamp');
  });

  it('links the four categories, the quick links and the homepage, and shows the error code line', () => {
    renderNotFound();
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Electronics')).toBe('/products/category/electronics');
    expect(href('Fashion')).toBe('/products/category/fashion');
    expect(href('Home & Garden')).toBe('/products/category/home');
    expect(href('Sports & Outdoors')).toBe('/products/category/sports');
    const quick = screen.getByRole('navigation', { name: 'Quick links' });
    expect([...quick.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/',
      '/products',
      '/categories',
      '/account',
      '/contact',
      '/help',
    ]);
    expect(href('Go to Homepage')).toBe('/');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
    expect(screen.getByText('Error Code: 404 | Page Not Found')).toBeTruthy();
  });
});
