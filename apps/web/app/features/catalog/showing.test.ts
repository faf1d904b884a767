import { describe, expect, it } from 'vitest';
import { showingText } from './showing.ts';

describe('showingText', () => {
  it('names the whole result when one page holds it', () => {
    expect(showingText(1, 1, 1)).toBe('Showing 1 product');
    expect(showingText(1, 7, 7)).toBe('Showing 7 products');
  });

  it('gives the range and the total across pages, with grouped numbers', () => {
    expect(showingText(21, 20, 116)).toBe('Showing 21–40 of 116 products');
    expect(showingText(1201, 20, 1707)).toBe('Showing 1,201–1,220 of 1,707 products');
  });

  it('shows a single position on a last page with one product', () => {
    expect(showingText(41, 1, 41)).toBe('Showing 41 of 41 products');
  });

  it('says so when there is nothing', () => {
    expect(showingText(1, 0, 0)).toBe('No products');
  });
});
