import { describe, expect, it } from 'vitest';
import { emptyRow, generateRows, variantPayload } from './variant-grid.ts';

const colour = { name: 'Colour', values: ['Red', 'Blue'] };
const size = { name: 'Size', values: ['S', 'M'] };

describe('generateRows', () => {
  it('makes one row per combination and keeps rows whose values remain', () => {
    const red = { ...emptyRow(['Red']), id: 'v1', sku: 'RED', available: '4', loaded: 4 };
    const rows = generateRows([colour, size], [red, emptyRow(['Blue'])], [colour]);
    expect(rows.map((r) => r.options.join('/'))).toEqual(['Red/S', 'Red/M', 'Blue/S', 'Blue/M']);
    expect(rows[0]).toMatchObject({ id: 'v1', sku: 'RED', available: '4', loaded: 4 });
    expect(rows[1]).toMatchObject({ sku: '', available: '0' });
    expect(rows[1]?.id).toBeUndefined();
  });

  it('gives a product without options one row', () => {
    expect(generateRows([], [], [])).toEqual([emptyRow([])]);
  });
});

describe('variantPayload', () => {
  it('sends blanks as null or left out, and the stock it loaded', () => {
    const row = { ...emptyRow(['Red']), id: 'v1', price: '12.50', available: '3', loaded: 5, weight_grams: '200' };
    expect(variantPayload(row)).toEqual({
      id: 'v1',
      options: ['Red'],
      price: 12.5,
      compare_at_price: null,
      available: 3,
      expected_available: 5,
      image: null,
      barcode: null,
      weight_grams: 200,
    });
  });
});
