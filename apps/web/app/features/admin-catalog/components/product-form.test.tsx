// @vitest-environment happy-dom
import type { AdminProduct, ProductFormOptions } from '@shop/contracts/admin-catalog';
import type { CurrencyUnit } from '@shop/contracts/currency';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeJsonApi, jsonResponse } from '../../../lib/testing/fake-json-api.ts';
import { storeSettingsOf } from '../../../lib/testing/store-settings.ts';
import { storeSettingsQuery } from '../../admin/index.ts';
import { ProductForm } from './product-form.tsx';

const JPY = { code: 'JPY', digits: 0 };
const USD = { code: 'USD', digits: 2 };

const OPTIONS: ProductFormOptions = {
  categories: [{ id: 'cat-1', name: 'Shirts', subcategories: [], featured: [] }],
  brands: [],
};

const productIn = (price: number): AdminProduct => ({
  id: 'p-1',
  slug: 'linen-shirt',
  name: 'Linen shirt',
  description: '<p>Soft.</p>',
  category: 'cat-1',
  subcategory: null,
  brand: null,
  sale_price: price,
  regular_price: price,
  percentage_discount: 0,
  tax_class: 'standard',
  images: [],
  colors: [],
  available_sizes: [],
  features: [],
  available: 5,
  in_stock: true,
  published: true,
  rating: 0,
  rating_count: 0,
  date_added: '2026-01-01T00:00:00.000Z',
  modified_by: null,
  modified_date: '2026-01-01T00:00:00.000Z',
  featured: [],
  sold_count: 0,
  options: [],
  variants: [
    {
      id: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
      sku: 'LINEN-1',
      options: [],
      price: null,
      compare_at_price: null,
      available: 5,
      sold_count: 0,
      image: null,
      barcode: null,
      weight_grams: null,
      tax_class: null,
    },
  ],
  meta_title: null,
  meta_description: null,
  tags: [],
  product_type: '',
  missing_images: [],
});

/** The query cache as the admin frame leaves it: the store settings loaded, in `base`. */
function withBase(client: QueryClient, base: CurrencyUnit): QueryClient {
  client.setQueryData(storeSettingsQuery.queryKey, storeSettingsOf(base));
  return client;
}

let api: ReturnType<typeof fakeJsonApi>;

beforeEach(() => {
  api = fakeJsonApi({
    'PATCH admin/products/p-1': (call) => jsonResponse(200, { ...productIn(0), ...(call.body as object) }),
  });
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(base: CurrencyUnit, product: AdminProduct) {
  const router = createMemoryRouter([
    { path: '/', element: <ProductForm product={product} options={OPTIONS} /> },
    { path: '/admin/products/view-product/:id', element: <p>Product page</p> },
  ]);
  render(
    <QueryClientProvider client={withBase(createQueryClient(), base)}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
const patches = () => api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

describe('the product form with a yen base', () => {
  it('shows yen without decimals and steps by one yen', () => {
    open(JPY, productIn(1500));
    expect(field('Regular price (¥)').value).toBe('1500');
    expect(field('Regular price (¥)').step).toBe('1');
    expect(field('Sale price (¥)').value).toBe('1500');
    expect(field('Price of the variant').step).toBe('1');
  });

  it('works a discount out to the whole yen', () => {
    open(JPY, productIn(1500));
    change('Discount (%)', '15');
    expect(field('Sale price (¥)').value).toBe('1275');
    change('Regular price (¥)', '999');
    expect(field('Sale price (¥)').value).toBe('849');
  });

  it('takes no decimals of a yen, and sends nothing then', async () => {
    open(JPY, productIn(1500));
    change('Regular price (¥)', '1500.5');
    save();
    expect(await screen.findByText('Regular price must be a whole number of JPY')).toBeTruthy();
    change('Price of the variant', '12.5');
    change('Regular price (¥)', '1600');
    save();
    expect(await screen.findByText('Price must be a whole number of JPY')).toBeTruthy();
    expect(patches()).toEqual([]);
  });

  it('sends whole yen', async () => {
    open(JPY, productIn(1500));
    change('Regular price (¥)', '1600');
    save();
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ regular_price: 1600, sale_price: 1600 });
  });
});

describe('the product form with a dollar base', () => {
  it('shows and takes cents as before', async () => {
    open(USD, productIn(49.9));
    expect(field('Regular price ($)').value).toBe('49.90');
    expect(field('Regular price ($)').step).toBe('0.01');
    change('Discount (%)', '10');
    expect(field('Sale price ($)').value).toBe('44.91');
    save();
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ regular_price: 49.9, sale_price: 44.91, percentage_discount: 10 });
  });
});
