import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILTER_TYPING_DELAY_MS, FilterModel, type FilterValues } from './filter-model.ts';
import { searchFromValues } from './listing-url.ts';

const EMPTY: FilterValues = {
  category: 'all',
  subcategory: '',
  featured: '',
  tag: '',
  brand: 'all',
  sort: 'popular',
  q: '',
  min_price: '',
  max_price: '',
  in_stock: '',
};

/** A model whose navigations are recorded as the URL queries they lead to. */
function setup(values: Partial<FilterValues> = {}) {
  const navigations: { search: string; replace: boolean }[] = [];
  const model = new FilterModel({
    values: { ...EMPTY, ...values },
    apply: (next, { replace }) => navigations.push({ search: searchFromValues(next), replace }),
  });
  /** The URL settling on a query (the router is idle again): what the loader's params would say. */
  const settle = (search: string) => {
    const query = new URLSearchParams(search);
    model.settle({ ...EMPTY, ...Object.fromEntries(query) });
  };
  return { model, navigations, settle, shown: () => model.snapshot() };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the filter model', () => {
  it('applies a choice at once and typed text after the pause, without a button', () => {
    const { model, navigations } = setup();
    model.choose('brand', 'sony');
    expect(navigations).toEqual([{ search: '?brand=sony', replace: false }]);

    model.focus('min_price');
    model.type('min_price', '2');
    model.type('min_price', '25');
    vi.advanceTimersByTime(FILTER_TYPING_DELAY_MS - 1);
    expect(navigations).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(navigations.at(-1)).toEqual({ search: '?brand=sony&min_price=25', replace: false });
  });

  it('keeps typed text when a navigation started by another control settles mid-typing', () => {
    const { model, navigations, settle, shown } = setup();
    model.choose('category', 'electronics'); // navigation in flight…
    model.focus('min_price');
    model.type('min_price', '1');
    model.type('min_price', '15');
    settle('?category=electronics'); // …arrives while the shopper types: the URL has no price yet
    expect(shown().min_price).toBe('15');
    expect(shown().category).toBe('electronics');
    model.type('min_price', '150');
    vi.advanceTimersByTime(FILTER_TYPING_DELAY_MS);
    // The pause applies on top of the category change, not on the query it started from.
    expect(navigations.at(-1)?.search).toBe('?category=electronics&min_price=150');
    expect(shown().min_price).toBe('150');
  });

  it("keeps typed text when the pause's own navigation settles on an older value", () => {
    const { model, navigations, settle, shown } = setup();
    model.focus('max_price');
    model.type('max_price', '5');
    vi.advanceTimersByTime(FILTER_TYPING_DELAY_MS);
    expect(navigations.at(-1)?.search).toBe('?max_price=5');
    model.type('max_price', '50'); // typing goes on while that navigation is in flight
    settle('?max_price=5');
    expect(shown().max_price).toBe('50');
    vi.advanceTimersByTime(FILTER_TYPING_DELAY_MS);
    // A refinement of what was just typed replaces its history entry.
    expect(navigations.at(-1)).toEqual({ search: '?max_price=50', replace: true });
    settle('?max_price=50');
    expect(shown().max_price).toBe('50');
  });

  it('a choice made while text waits for its pause applies both, and the text stays', () => {
    const { model, navigations, shown } = setup();
    model.focus('q');
    model.type('q', 'lamp');
    model.choose('sort', 'price-low');
    expect(navigations).toEqual([{ search: '?sort=price-low&q=lamp', replace: false }]);
    vi.advanceTimersByTime(FILTER_TYPING_DELAY_MS * 3);
    expect(navigations).toHaveLength(1);
    expect(shown().q).toBe('lamp');
  });

  it('Enter and leaving the field apply at once; an unchanged query does not navigate', () => {
    const { model, navigations } = setup({ min_price: '10' });
    model.focus('min_price');
    model.type('min_price', '20');
    model.flush();
    expect(navigations).toEqual([{ search: '?min_price=20', replace: false }]);
    model.type('min_price', '20 ');
    model.blur('min_price');
    expect(navigations).toHaveLength(1);
  });

  it('a field not being edited follows the URL (a link, Back), and a new category drops the subcategory', () => {
    const { model, navigations, settle, shown } = setup({ category: 'sports', subcategory: 'running' });
    settle('?min_price=5&brand=nike');
    expect(shown()).toMatchObject({ min_price: '5', brand: 'nike', category: 'all', subcategory: '' });
    model.focus('min_price');
    model.type('min_price', '7');
    model.blur('min_price');
    expect(navigations.at(-1)?.search).toBe('?brand=nike&min_price=7');
    settle('?brand=nike&min_price=7');
    settle('?q=tent'); // Back, with nothing being typed
    expect(shown()).toMatchObject({ min_price: '', q: 'tent', brand: 'all' });

    settle('?category=sports&subcategory=running');
    model.choose('category', 'books');
    expect(navigations.at(-1)?.search).toBe('?category=books');
  });

  it('notifies subscribers only when what the controls show changes', () => {
    const { model, settle } = setup();
    const listener = vi.fn();
    const unsubscribe = model.subscribe(listener);
    const before = model.snapshot();
    settle('');
    expect(listener).not.toHaveBeenCalled();
    expect(model.snapshot()).toBe(before);
    model.type('q', 'x');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    model.dispose();
    vi.advanceTimersByTime(FILTER_TYPING_DELAY_MS);
  });
});
