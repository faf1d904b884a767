// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { fakeJsonApi, jsonResponse } from '../../lib/testing/fake-json-api.ts';
import { storeSettingsOf } from '../../lib/testing/store-settings.ts';
import { currencySymbol, decimalsMessage, fitsBase, moneyInput, useBaseCurrency } from './base-currency.ts';
import { Amount } from './components/amount.tsx';

const JPY = { code: 'JPY', digits: 0 };
const USD = { code: 'USD', digits: 2 };
const KWD = { code: 'KWD', digits: 3 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Probe({ label }: { label: string }) {
  const base = useBaseCurrency();
  return (
    <p>
      {label}: {base.code} {base.digits} <Amount value={1234.5} />
    </p>
  );
}

function renderProbes(settings: () => Response) {
  const api = fakeJsonApi({ 'GET checkout/settings': settings });
  vi.stubGlobal('fetch', api.fetch);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Probe label="first" />
      <Probe label="second" />
    </QueryClientProvider>,
  );
  return api;
}

describe('useBaseCurrency', () => {
  it('reads the base from the store settings, once for every user of it', async () => {
    const api = renderProbes(() => jsonResponse(200, storeSettingsOf(JPY)));
    expect(await screen.findByText('first: JPY 0 ¥1,235')).toBeTruthy();
    expect(screen.getByText('second: JPY 0 ¥1,235')).toBeTruthy();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET checkout/settings']);
  });

  it('falls back to US dollars while the settings are not there', async () => {
    const api = renderProbes(() => jsonResponse(503, { message: 'down', code: 'UNAVAILABLE' }));
    expect(screen.getByText('first: USD 2 $1,234.50')).toBeTruthy();
    await vi.waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(screen.getByText('first: USD 2 $1,234.50')).toBeTruthy();
  });
});

describe('money inputs of the base', () => {
  it('step by the smallest unit: 1 yen, 1 cent, 1 fils', () => {
    expect(moneyInput(JPY)).toEqual({ step: '1', inputMode: 'numeric' });
    expect(moneyInput(USD)).toEqual({ step: '0.01', inputMode: 'decimal' });
    expect(moneyInput(KWD)).toEqual({ step: '0.001', inputMode: 'decimal' });
  });

  it('name the currency by its sign, or its code where English has none', () => {
    expect(currencySymbol(JPY)).toBe('¥');
    expect(currencySymbol(USD)).toBe('$');
    expect(currencySymbol(KWD)).toBe('KWD');
  });

  it('take as many decimals as the base has, and say so otherwise', () => {
    expect(fitsBase(1500, JPY)).toBe(true);
    expect(fitsBase(15.5, JPY)).toBe(false);
    expect(fitsBase(19.99, USD)).toBe(true);
    expect(fitsBase(19.995, USD)).toBe(false);
    expect(fitsBase(1.234, KWD)).toBe(true);
    expect(decimalsMessage('Price', JPY)).toBe('Price must be a whole number of JPY');
    expect(decimalsMessage('Price', USD)).toBe('Price must have at most 2 decimals');
  });
});
