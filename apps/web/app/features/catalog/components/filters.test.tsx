// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub, useLoaderData, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILTER_TYPING_DELAY_MS } from '../filter-model.ts';
import { parseListing } from '../list-query.server.ts';
import { type ListingData, ProductListing } from './listing.tsx';

// The real listing (form, model, router) with a loader that
// answers only when the test lets it, so a navigation can be held "in flight" while the shopper types.

/** As GET /api/brands answers for a result: every brand, by name, with its count. */
const BRANDS = [
  { id: 'adidas', name: 'Adidas', count: 0 },
  { id: 'apple', name: 'Apple', count: 3 },
  { id: 'ikea', name: 'IKEA', count: 0 },
  { id: 'nike', name: 'Nike', count: 0 },
  { id: 'samsung', name: 'Samsung', count: 0 },
  { id: 'sony', name: 'Sony', count: 2 },
];

let gate: Promise<void> = Promise.resolve();
let open: () => void = () => {};
/** From now on, loaders wait until `open()`. */
function hold() {
  gate = new Promise((resolve) => {
    open = resolve;
  });
}

function Page() {
  const data = useLoaderData() as ListingData;
  const location = useLocation();
  return (
    <>
      <ProductListing path="/products" data={data} />
      <p data-testid="where">{location.search}</p>
    </>
  );
}

function renderListing(url = '/products') {
  const Stub = createRoutesStub([
    {
      path: '/products',
      Component: Page,
      HydrateFallback: () => null,
      loader: async ({ request }): Promise<ListingData> => {
        await gate;
        const { params } = parseListing(new URL(request.url).searchParams);
        return {
          params,
          products: [],
          total: 0,
          totalPages: 0,
          pageSize: 24,
          options: {
            categories: [
              { value: 'all', id: 'all', label: 'All categories' },
              { value: 'electronics', id: 'electronics', label: 'Electronics' },
              { value: 'clothing', id: 'fashion', label: 'Fashion' },
            ],
            sorts: ['popular', 'newest'],
            brands: BRANDS,
          },
          names: {},
        };
      },
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const where = () => screen.getByTestId('where').textContent;
const minPrice = () => screen.getByLabelText('Minimum price') as HTMLInputElement;
/** Lets loaders and React finish what they can without moving the clock. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers();
  gate = Promise.resolve();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the listing filters', () => {
  it('typed price survives a navigation started by another control, then applies after the pause', async () => {
    renderListing();
    await settle();
    expect(screen.getByRole('form', { name: 'Filter products' })).toBeTruthy();

    hold();
    fireEvent.change(screen.getByLabelText('Brand'), { target: { value: 'sony' } });
    await settle(); // the brand's navigation is in flight: its loader waits
    fireEvent.focus(minPrice());
    fireEvent.change(minPrice(), { target: { value: '2' } });
    fireEvent.change(minPrice(), { target: { value: '25' } });
    await act(async () => {
      open();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(where()).toBe('?brand=sony');
    expect(minPrice().value).toBe('25');

    await act(() => vi.advanceTimersByTimeAsync(FILTER_TYPING_DELAY_MS));
    expect(where()).toBe('?brand=sony&min_price=25');
    expect(minPrice().value).toBe('25');
    expect((screen.getByLabelText('Brand') as HTMLSelectElement).value).toBe('sony');
  });

  it("typed text survives the pause's own navigation settling while typing goes on", async () => {
    renderListing('/products?category=electronics');
    await settle();
    hold();
    fireEvent.focus(minPrice());
    fireEvent.change(minPrice(), { target: { value: '1' } });
    await act(() => vi.advanceTimersByTimeAsync(FILTER_TYPING_DELAY_MS)); // navigates to min_price=1…
    fireEvent.change(minPrice(), { target: { value: '15' } }); // …while the shopper types on
    await act(async () => {
      open();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(where()).toBe('?category=electronics&min_price=1');
    expect(minPrice().value).toBe('15');
    await act(() => vi.advanceTimersByTimeAsync(FILTER_TYPING_DELAY_MS));
    expect(where()).toBe('?category=electronics&min_price=15');
  });

  it('shows brands with their counts and the documented category clothing as Fashion, selecting fashion', async () => {
    renderListing();
    await settle();
    const brand = screen.getByLabelText('Brand') as HTMLSelectElement;
    expect([...brand.options].map((o) => o.textContent)).toEqual([
      'All brands',
      'Apple (3)',
      'Samsung (0)',
      'Nike (0)',
      'Adidas (0)',
      'Sony (2)',
    ]);
    const category = screen.getByLabelText('Category') as HTMLSelectElement;
    expect([...category.options].map((o) => [o.value, o.textContent])).toEqual([
      ['all', 'All categories'],
      ['electronics', 'Electronics'],
      ['clothing', 'Fashion'],
    ]);
    fireEvent.change(category, { target: { value: 'clothing' } });
    await settle();
    expect(where()).toBe('?category=fashion');
    expect(category.value).toBe('clothing');
  });
});
