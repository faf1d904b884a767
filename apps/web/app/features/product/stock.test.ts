import { describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD, stockState } from './stock.ts';

describe('stockState', () => {
  it('says In stock, Only N left or Out of stock', () => {
    expect(stockState(0)).toEqual({ label: 'Out of stock', tone: 'out' });
    expect(stockState(1)).toEqual({ label: 'Only 1 left', tone: 'low' });
    expect(stockState(LOW_STOCK_THRESHOLD)).toEqual({ label: `Only ${LOW_STOCK_THRESHOLD} left`, tone: 'low' });
    expect(stockState(LOW_STOCK_THRESHOLD + 1)).toEqual({ label: 'In stock', tone: 'in' });
    expect(stockState(500).label).toBe('In stock');
  });
});
