// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_TEXT, LoadingScreen } from './loading-screen.tsx';
import { LOADING_VARIANTS, loadingVariantForPath } from './loading-variants.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const tip = () => screen.getByTestId('loading-tip').textContent;

describe('LoadingScreen (docs/product.md §2)', () => {
  it.each(LOADING_VARIANTS)('%s: its own heading and tips, the next tip every 2 s, round and round', (variant) => {
    const { title, tips } = LOADING_TEXT[variant];
    render(<LoadingScreen variant={variant} />);
    expect(screen.getByRole('status').textContent).toBe(title);
    for (let round = 0; round < 2; round++) {
      for (const expected of tips) {
        expect(tip()).toBe(expected);
        act(() => vi.advanceTimersByTime(1999));
        expect(tip()).toBe(expected);
        act(() => vi.advanceTimersByTime(1));
      }
    }
  });

  it('gives every variant its own tips', () => {
    const all = LOADING_VARIANTS.flatMap((v) => LOADING_TEXT[v].tips);
    expect(new Set(all).size).toBe(all.length);
    for (const v of LOADING_VARIANTS) expect(LOADING_TEXT[v].tips.length).toBeGreaterThanOrEqual(3);
  });
});

describe('loadingVariantForPath', () => {
  it.each([
    ['/products', 'products'],
    ['/products/category/electronics', 'products'],
    ['/products/3f1c', 'products'],
    ['/checkout', 'checkout'],
    ['/account', 'profile'],
    ['/', 'general'],
    ['/cart', 'general'],
    ['/productsx', 'general'],
    ['/help', 'general'],
  ])('%s → %s', (path, variant) => {
    expect(loadingVariantForPath(path)).toBe(variant);
  });
});
