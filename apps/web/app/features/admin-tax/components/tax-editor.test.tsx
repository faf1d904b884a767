// @vitest-environment happy-dom
import type { ShippingSettingsAnswer } from '@shop/contracts/shipping-zones';
import type { TaxSettingsAnswer, TaxSettingsBody } from '@shop/contracts/tax-settings';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeJsonApi, type JsonHandler, jsonResponse } from '../../../lib/testing/fake-json-api.ts';
import { TaxEditor } from './tax-editor.tsx';

const EU = '6f1c1c2e-5a40-4d8e-9a43-6d6c3e2b1a01';
const NA = '6f1c1c2e-5a40-4d8e-9a43-6d6c3e2b1a02';
const zone = (id: string, name: string, countries: string[]) => ({
  id,
  name,
  countries,
  regions: [],
  postcode_prefixes: [],
  everywhere_else: false,
  methods: [
    {
      code: 'standard',
      name: 'Standard',
      estimate: '',
      rate: { kind: 'flat' as const, price: 5 },
      free_over: null,
      free_over_basis: 'after_discount' as const,
    },
  ],
});
const SHIPPING: ShippingSettingsAnswer = {
  zones: [zone(EU, 'European Union', ['DE', 'FR', 'NL']), zone(NA, 'North America', ['US', 'CA'])],
};
const SAVED: TaxSettingsAnswer = {
  prices_include_tax: false,
  inclusive_zones: [],
  name: 'Tax',
  origin_country: null,
  shipping_class: 'standard',
  classes: [
    { code: 'standard', name: 'Standard', rate_percent: 8 },
    { code: 'reduced', name: 'Reduced', rate_percent: 8 },
  ],
  rates: [{ zone_id: EU, class_code: 'reduced', country: null, region: null, rate_percent: 7, reverse_charge: true }],
};

let api: ReturnType<typeof fakeJsonApi>;
let answerPut: JsonHandler;

beforeEach(() => {
  answerPut = ({ body }) => jsonResponse(200, body);
  api = fakeJsonApi({
    'GET admin/tax': () => jsonResponse(200, SAVED),
    'GET admin/shipping': () => jsonResponse(200, SHIPPING),
    'PUT admin/tax': (call) => answerPut(call),
  });
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const puts = () => api.calls.filter((c) => c.method === 'PUT').map((c) => c.body as TaxSettingsBody);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save tax' }));
const messageOf = (control: HTMLElement) =>
  document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent;

async function open() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TaxEditor />
    </QueryClientProvider>,
  );
  await screen.findByRole('form', { name: 'Tax' });
}

describe('the tax editor', () => {
  it('shows the document as saved and sends it back unchanged, then says so', async () => {
    await open();
    expect(field('Prices include tax').checked).toBe(false);
    expect(field('Rate %, class 1').value).toBe('8');
    expect(field('Code, class 1').readOnly).toBe(true);
    // The standard class stays; another can go.
    expect(screen.queryByRole('button', { name: 'Remove class 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove class 2' })).toBeTruthy();
    expect(field('Class, rate 1').value).toBe('reduced');
    expect(field('Zone, rate 1').value).toBe(EU);
    expect(field('Country, rate 1').value).toBe('');
    expect(screen.queryByLabelText('Region, rate 1')).toBeNull();

    save();
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Tax saved');
    expect(puts()).toEqual([SAVED]);
  });

  it('adds a class and a rate for a state of a country of the zone, and sends the whole document', async () => {
    await open();
    fireEvent.click(screen.getByLabelText('Prices include tax'));
    change('Tax name', 'Sales tax');
    fireEvent.click(screen.getByRole('button', { name: 'Add class' }));
    change('Code, class 3', 'books');
    change('Name, class 3', 'Books');
    change('Rate %, class 3', '5');
    change('Shipping is taxed as', 'books');

    fireEvent.click(screen.getByRole('button', { name: 'Add rate' }));
    change('Zone, rate 2', NA);
    const countries = [...field('Country, rate 2').options].map((o) => o.textContent);
    expect(countries).toEqual(['Whole zone', 'United States', 'Canada']);
    change('Country, rate 2', 'US');
    change('Region, rate 2', 'TX');
    change('Class, rate 2', 'books');
    change('Rate %, rate 2', '6.25');

    save();
    await screen.findByText('Tax saved');
    expect(puts()).toEqual([
      {
        ...SAVED,
        prices_include_tax: true,
        name: 'Sales tax',
        shipping_class: 'books',
        classes: [...SAVED.classes, { code: 'books', name: 'Books', rate_percent: 5 }],
        rates: [
          ...SAVED.rates,
          { zone_id: NA, class_code: 'books', country: 'US', region: 'TX', rate_percent: 6.25, reverse_charge: false },
        ],
      },
    ]);
  });

  it('refuses a rate over 100 % on its field and sends nothing', async () => {
    await open();
    change('Rate %, rate 1', '1000');
    save();
    const rate = field('Rate %, rate 1');
    await waitFor(() => expect(rate.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(rate)).toBe('Rate must be at most 100 %');
    expect(screen.getByRole('alert').textContent).toBe('Tax was not saved: correct the fields marked above.');
    expect(puts()).toEqual([]);
  });

  it('puts the API’s complaints on the fields they name, and one it cannot place in the alert', async () => {
    answerPut = () =>
      jsonResponse(400, {
        code: 'VALIDATION_ERROR',
        message: 'That shipping zone does not exist (any more)',
        details: {
          issues: [{ path: 'body.rates.0.zone_id', message: 'That shipping zone does not exist (any more)' }],
        },
      });
    await open();
    save();
    const zoneField = field('Zone, rate 1');
    await waitFor(() => expect(zoneField.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(zoneField)).toBe('That shipping zone does not exist (any more)');
    expect(screen.getByRole('alert').textContent).toBe('Tax was not saved: correct the fields marked above.');

    answerPut = () =>
      jsonResponse(400, {
        code: 'VALIDATION_ERROR',
        message: 'The request is invalid',
        details: { issues: [{ path: 'body', message: 'The tax settings must be an object' }] },
      });
    save();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The tax settings must be an object'));
  });
});
