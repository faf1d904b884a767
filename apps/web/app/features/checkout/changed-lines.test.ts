// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHANGED_LINES_KEY,
  type ChangedLine,
  clearChangedLines,
  explainChange,
  readChangedLines,
  saveChangedLines,
} from './changed-lines.ts';

const line = (over: Partial<ChangedLine>): ChangedLine => ({
  product_id: 'p1',
  variant_id: 'v1',
  name: 'Trail Runner',
  reason: 'price_changed',
  expected_price: 49.99,
  current_price: 54.5,
  requested: 2,
  available: 10,
  ...over,
});

afterEach(() => sessionStorage.clear());

describe('explainChange', () => {
  it('a moved price names the old and the new price', () => {
    expect(explainChange(line({}))).toBe('The price of Trail Runner changed from $49.99 to $54.50');
    expect(explainChange(line({ expected_price: 1234.5, current_price: 999 }))).toBe(
      'The price of Trail Runner changed from $1,234.50 to $999.00',
    );
  });

  it('a price without its figures still says it changed', () => {
    expect(explainChange(line({ expected_price: null }))).toBe('The price of Trail Runner changed');
  });

  it('short stock says how many are left, also when none are', () => {
    expect(explainChange(line({ reason: 'insufficient_stock', available: 3 }))).toBe('Only 3 of Trail Runner left');
    expect(explainChange(line({ reason: 'insufficient_stock', available: 0 }))).toBe('Only 0 of Trail Runner left');
  });

  it('a withdrawn product is no longer available', () => {
    expect(explainChange(line({ reason: 'unavailable', available: 0, current_price: null }))).toBe(
      'Trail Runner is no longer available',
    );
  });
});

describe('storage for the cart page', () => {
  it('keeps the lines in this tab until cleared', () => {
    const lines = [line({}), line({ reason: 'unavailable', name: 'Lamp' })];
    saveChangedLines(lines);
    expect(readChangedLines()).toEqual(lines);
    clearChangedLines();
    expect(readChangedLines()).toEqual([]);
  });

  it('ignores a corrupt entry', () => {
    sessionStorage.setItem(CHANGED_LINES_KEY, '{not json');
    expect(readChangedLines()).toEqual([]);
    sessionStorage.setItem(CHANGED_LINES_KEY, JSON.stringify([{ reason: 'price_changed' }]));
    expect(readChangedLines()).toEqual([]);
  });
});
