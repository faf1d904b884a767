// @vitest-environment happy-dom
import type { ShippingSettings, ShippingSettingsAnswer } from '@shop/contracts/shipping-zones';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeJsonApi, type JsonHandler, jsonResponse } from '../../../lib/testing/fake-json-api.ts';
import { ShippingZonesEditor } from './shipping-zones-editor.tsx';

const US_ZONE = {
  id: '6f1c1c2e-5a40-4d8e-9a43-6d6c3e2b1a01',
  name: 'United States',
  countries: ['US'],
  regions: [],
  postcode_prefixes: [],
  everywhere_else: false,
  methods: [
    {
      code: 'standard',
      name: 'Standard',
      estimate: '5–7 business days',
      rate: {
        kind: 'weight' as const,
        bands: [
          { from_grams: 0, to_grams: 1000, price: 4.9 },
          { from_grams: 1000, to_grams: null, price: 9.9 },
        ],
      },
      free_over: 50,
      free_over_basis: 'after_discount' as const,
    },
  ],
};
const REST_ZONE = {
  id: '6f1c1c2e-5a40-4d8e-9a43-6d6c3e2b1a02',
  name: 'Rest of world',
  countries: [],
  regions: [],
  postcode_prefixes: [],
  everywhere_else: true,
  methods: [
    {
      code: 'express',
      name: 'Express',
      estimate: '',
      rate: { kind: 'flat' as const, price: 25 },
      free_over: null,
      free_over_basis: 'before_discount' as const,
    },
  ],
};
const SAVED: ShippingSettingsAnswer = { zones: [US_ZONE, REST_ZONE] };

let api: ReturnType<typeof fakeJsonApi>;
let answerPut: JsonHandler;

beforeEach(() => {
  // Saved as sent; a zone added in the save gets its id.
  answerPut = ({ body }) =>
    jsonResponse(200, {
      zones: (body as ShippingSettings).zones.map((zone, i) => ({
        id: `6f1c1c2e-5a40-4d8e-9a43-6d6c3e2b1b0${i}`,
        ...zone,
      })),
    });
  api = fakeJsonApi({
    'GET admin/shipping': () => jsonResponse(200, SAVED),
    'PUT admin/shipping': (call) => answerPut(call),
  });
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const puts = () => api.calls.filter((c) => c.method === 'PUT').map((c) => c.body as ShippingSettings);

async function open() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ShippingZonesEditor />
    </QueryClientProvider>,
  );
  return screen.findByRole('group', { name: 'Zone 1: United States' });
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save shipping' }));

describe('the shipping zones editor', () => {
  it('shows the zones as saved and sends them back unchanged, then says so', async () => {
    const us = await open();
    expect(within(us).getByRole('button', { name: 'Remove United States' })).toBeTruthy();
    expect((within(us).getByLabelText('Up to (g), band 2') as HTMLInputElement).value).toBe('');
    expect((within(us).getByLabelText('Price ($), band 1') as HTMLInputElement).value).toBe('4.90');
    // The "everywhere else" zone lists no countries: it has no Countries field.
    const rest = screen.getByRole('group', { name: 'Zone 2: Rest of world' });
    expect(within(rest).queryByRole('combobox', { name: 'Countries' })).toBeNull();

    save();
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Shipping saved');
    expect(puts()).toEqual([SAVED]);
  });

  it('adds a zone for a country chosen from the list, without an id, after the others', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add zone' }));
    const added = screen.getByRole('group', { name: 'Zone 3' });
    fireEvent.change(within(added).getByLabelText('Zone name'), { target: { value: 'Iceland' } });
    const countries = within(added).getByRole('combobox', { name: 'Countries' });
    fireEvent.change(countries, { target: { value: 'icel' } });
    fireEvent.keyDown(countries, { key: 'Enter' });
    expect(within(added).getByRole('button', { name: 'Remove Iceland' })).toBeTruthy();
    fireEvent.change(within(added).getByLabelText('Code'), { target: { value: 'standard' } });
    fireEvent.change(within(added).getByLabelText('Name'), { target: { value: 'Standard' } });
    fireEvent.change(within(added).getByLabelText('Price ($)'), { target: { value: '12.5' } });

    save();
    await screen.findByText('Shipping saved');
    const [sent] = puts();
    expect(sent?.zones.map((z) => z.name)).toEqual(['United States', 'Rest of world', 'Iceland']);
    expect(sent?.zones[2]).toEqual({
      name: 'Iceland',
      everywhere_else: false,
      countries: ['IS'],
      regions: [],
      postcode_prefixes: [],
      methods: [
        {
          code: 'standard',
          name: 'Standard',
          estimate: '',
          rate: { kind: 'flat', price: 12.5 },
          free_over: null,
          free_over_basis: 'after_discount',
        },
      ],
    });
  });

  it('moves a zone down and removes another: the order sent is the order shown', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Move Zone 1: United States down' }));
    expect(screen.getByRole('group', { name: 'Zone 1: Rest of world' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add zone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Zone 3' }));
    save();
    await screen.findByText('Shipping saved');
    expect(puts()[0]?.zones.map((z) => z.id)).toEqual([REST_ZONE.id, US_ZONE.id]);
  });

  it('refuses overlapping bands on the band itself and sends nothing', async () => {
    const us = await open();
    fireEvent.change(within(us).getByLabelText('From (g), band 2'), { target: { value: '500' } });
    save();
    const from = within(us).getByLabelText('From (g), band 2');
    await waitFor(() => expect(from.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(from.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(
      'Bands overlap: each band must start at or after the end of the one before (grams)',
    );
    expect(screen.getByRole('alert').textContent).toBe('Shipping was not saved: correct the fields marked above.');
    expect(puts()).toEqual([]);
  });

  it('puts the API’s complaints on the fields they name, and one it cannot place in the alert', async () => {
    answerPut = () =>
      jsonResponse(400, {
        code: 'VALIDATION_ERROR',
        message: 'Band price must have at most two decimal places',
        details: {
          issues: [
            { path: 'body.zones.0.methods.0.rate.bands.1.price', message: 'Band price is too high for this zone' },
            { path: ['zones', 1, 'name'], message: 'Zone name is taken' },
          ],
        },
      });
    const us = await open();
    save();
    const price = within(us).getByLabelText('Price ($), band 2');
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(price.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Band price is too high for this zone',
    );
    const rest = screen.getByRole('group', { name: 'Zone 2: Rest of world' });
    expect(within(rest).getByLabelText('Zone name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Shipping was not saved: correct the fields marked above.');

    answerPut = () =>
      jsonResponse(400, {
        code: 'VALIDATION_ERROR',
        message: 'The request is invalid',
        details: { issues: [{ path: 'body', message: 'Zones must be a list' }] },
      });
    save();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Zones must be a list'));
  });
});
