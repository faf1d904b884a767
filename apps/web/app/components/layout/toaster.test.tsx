// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AppToaster from './toaster.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.useRealTimers();
});

/** Moves the clock, letting React run the effects that set the next timers. */
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const shown = () => screen.queryAllByRole('status').map((el) => el.textContent);

describe('toasts (docs/product.md §4, §9)', () => {
  it('shows success for 2 s, error and blank for 4 s, loading until dismissed', async () => {
    render(<AppToaster />);
    act(() => {
      toast.success('saved');
      toast.error('failed');
      toast('note');
      toast.loading('working');
    });
    expect(shown()).toEqual(expect.arrayContaining(['saved', 'failed', 'note', 'working']));

    // Each is dismissed after its duration and removed 1 s after that.
    await tick(1999);
    expect(shown()).toContain('saved');
    await tick(1);
    await tick(1000);
    expect(shown()).not.toContain('saved');
    expect(shown()).toEqual(expect.arrayContaining(['failed', 'note']));
    await tick(999);
    expect(shown()).toEqual(expect.arrayContaining(['failed', 'note']));
    await tick(1);
    await tick(1000);
    expect(shown()).toEqual(['working']);
    await tick(60_000);
    expect(shown()).toEqual(['working']);
  });

  it('shows at most 20 at once, the newest', async () => {
    render(<AppToaster />);
    act(() => {
      for (let i = 1; i <= 25; i++) toast.loading(`toast ${i}`);
    });
    await tick(1000);
    const texts = shown();
    expect(texts).toHaveLength(20);
    expect(texts).toContain('toast 25');
    expect(texts).not.toContain('toast 5');
  });
});
