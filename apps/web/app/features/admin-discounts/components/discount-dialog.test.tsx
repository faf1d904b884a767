// @vitest-environment happy-dom
import type { AdminDiscount } from '@shop/contracts/admin-discounts';
import type { CurrencyUnit } from '@shop/contracts/currency';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeJsonApi, jsonResponse } from '../../../lib/testing/fake-json-api.ts';
import { storeSettingsOf } from '../../../lib/testing/store-settings.ts';
import { storeSettingsQuery } from '../../admin/index.ts';
import { DiscountDialog } from './discount-dialog.tsx';

const JPY = { code: 'JPY', digits: 0 };
const USD = { code: 'USD', digits: 2 };

const saved = (body: object): AdminDiscount => ({
  id: 'd-1',
  code: 'SAVE',
  kind: 'fixed',
  value: 500,
  min_subtotal: 0,
  starts_at: null,
  expires_at: null,
  usage_limit: null,
  used_count: 0,
  active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  ...body,
});

/** The query cache as the admin frame leaves it: the store settings loaded, in `base`. */
function withBase(client: QueryClient, base: CurrencyUnit): QueryClient {
  client.setQueryData(storeSettingsQuery.queryKey, storeSettingsOf(base));
  return client;
}

let api: ReturnType<typeof fakeJsonApi>;

beforeEach(() => {
  api = fakeJsonApi({ 'POST admin/discounts': (call) => jsonResponse(201, saved(call.body as object)) });
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(base: CurrencyUnit, discount: AdminDiscount | null = null) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={withBase(createQueryClient(), base)}>
      <DiscountDialog discount={discount} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
const posts = () => api.calls.filter((c) => c.method === 'POST').map((c) => c.body);

function fixedCode(amount: string, minimum: string, symbol: string) {
  change('Code', 'SAVE');
  change('Kind', 'fixed');
  change(`Amount (${symbol})`, amount);
  change(`Minimum subtotal (${symbol})`, minimum);
}

describe('the discount dialog with a yen base', () => {
  it('takes whole yen off, stepping by one yen', async () => {
    const onClose = open(JPY);
    fixedCode('500', '3000', '¥');
    expect(field('Amount (¥)').step).toBe('1');
    expect(field('Minimum subtotal (¥)').step).toBe('1');
    create();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toEqual([expect.objectContaining({ kind: 'fixed', value: 500, min_subtotal: 3000 })]);
  });

  it('takes no decimals of a yen in the amount or the minimum', async () => {
    open(JPY);
    fixedCode('500.5', '3000', '¥');
    create();
    expect(await screen.findByText('The amount must be a whole number of JPY')).toBeTruthy();
    fixedCode('500', '2999.99', '¥');
    create();
    expect(await screen.findByText('Minimum subtotal must be a whole number of JPY')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('shows a stored code in yen', () => {
    open(JPY, saved({ value: 500, min_subtotal: 3000 }));
    expect(field('Amount (¥)').value).toBe('500');
    expect(field('Minimum subtotal (¥)').value).toBe('3000');
  });
});

describe('the discount dialog with a dollar base', () => {
  it('takes cents off as before', async () => {
    const onClose = open(USD);
    fixedCode('4.99', '25.50', '$');
    expect(field('Amount ($)').step).toBe('0.01');
    create();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toEqual([expect.objectContaining({ kind: 'fixed', value: 4.99, min_subtotal: 25.5 })]);
  });

  it('still takes no third decimal', async () => {
    open(USD);
    fixedCode('4.995', '0', '$');
    create();
    expect(await screen.findByText('The amount must have at most 2 decimals')).toBeTruthy();
    expect(posts()).toEqual([]);
  });
});
