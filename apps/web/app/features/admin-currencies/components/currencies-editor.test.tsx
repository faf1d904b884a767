// @vitest-environment happy-dom
import type { CurrencySettingsAnswer, CurrencySettingsBody } from '@shop/contracts/currency-settings';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeJsonApi, type JsonHandler, jsonResponse } from '../../../lib/testing/fake-json-api.ts';
import { CurrenciesEditor } from './currencies-editor.tsx';

const CHOICES = [
  { code: 'CHF', name: 'Swiss Franc', digits: 2 },
  { code: 'EUR', name: 'Euro', digits: 2 },
  { code: 'JPY', name: 'Yen', digits: 0 },
  { code: 'USD', name: 'US Dollar', digits: 2 },
];
const SAVED: CurrencySettingsAnswer = {
  base: { code: 'USD', name: 'US Dollar', digits: 2 },
  presentment: [{ code: 'EUR', name: 'Euro', digits: 2, rate: 0.92, rounding: 'charm', countries: ['DE'] }],
  base_locked: false,
  choices: CHOICES,
};
const BODY: CurrencySettingsBody = {
  base: 'USD',
  presentment: [{ code: 'EUR', rate: 0.92, rounding: 'charm', countries: ['DE'] }],
};

let api: ReturnType<typeof fakeJsonApi>;
let answerGet: JsonHandler;
let answerPut: JsonHandler;

beforeEach(() => {
  answerGet = () => jsonResponse(200, SAVED);
  answerPut = () => jsonResponse(200, SAVED);
  api = fakeJsonApi({
    'GET admin/currencies': (call) => answerGet(call),
    'PUT admin/currencies': (call) => answerPut(call),
  });
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const puts = () => api.calls.filter((c) => c.method === 'PUT').map((c) => c.body as CurrencySettingsBody);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save currencies' }));
/** The texts the control's aria-describedby names: its hint and its error. */
const messageOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

async function open() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrenciesEditor />
    </QueryClientProvider>,
  );
  await screen.findByRole('form', { name: 'Currencies' });
}

describe('the currencies editor', () => {
  it('shows the settings as saved and sends them back unchanged, then says so', async () => {
    await open();
    expect(field('Base currency').value).toBe('USD');
    expect(field('Base currency').disabled).toBe(false);
    expect(field('Currency, currency 1').value).toBe('EUR');
    expect(field('Rate, currency 1').value).toBe('0.92');
    expect(field('Rounding, currency 1').value).toBe('charm');
    expect(screen.getByRole('option', { name: 'Ending in .99 (21.99)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Germany' })).toBeTruthy();

    save();
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Currencies saved');
    expect(puts()).toEqual([BODY]);
  });

  it('adds yen at a rate, and removes a row', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add currency' }));
    change('Currency, currency 2', 'JPY');
    change('Rate, currency 2', '151.37');
    change('Rounding, currency 2', 'whole');
    fireEvent.click(screen.getByRole('button', { name: 'Remove currency 1' }));
    save();
    await screen.findByRole('status');
    expect(puts()).toEqual([
      { base: 'USD', presentment: [{ code: 'JPY', rate: 151.37, rounding: 'whole', countries: [] }] },
    ]);
  });

  it('refuses a blank rate on its field before anything is sent', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add currency' }));
    change('Currency, currency 2', 'JPY');
    save();
    const rate = field('Rate, currency 2');
    await waitFor(() => expect(rate.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(rate)).toBe('The rate must be a number');
    expect(screen.getByRole('alert').textContent).toBe('Currencies were not saved: correct the fields marked above.');
    expect(puts()).toEqual([]);
  });

  it('locks the base once the shop has orders, and says why', async () => {
    answerGet = () => jsonResponse(200, { ...SAVED, base_locked: true });
    await open();
    const base = field('Base currency');
    expect(base.disabled).toBe(true);
    expect(messageOf(base)).toBe('The base currency cannot change once the shop has orders: their amounts are in it.');
  });

  it('puts the API’s refusal of a new base on the base', async () => {
    const message = 'The base currency cannot change once the shop has orders: their amounts are in it';
    answerPut = () =>
      jsonResponse(409, { code: 'CONFLICT', message, details: { issues: [{ path: 'body.base', message }] } });
    await open();
    change('Base currency', 'CHF');
    save();
    const base = field('Base currency');
    await waitFor(() => expect(base.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(base)).toBe(
      `Your prices, reports and payouts are in it. It cannot change once the shop has orders. | ${message}`,
    );
    expect(puts()[0]?.base).toBe('CHF');
    expect(screen.getByRole('alert').textContent).toBe('Currencies were not saved: correct the fields marked above.');
  });
});
