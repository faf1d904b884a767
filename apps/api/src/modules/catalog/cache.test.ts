import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cached, lruCache } from './cache.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('cached', () => {
  it('loads once per ttl, concurrent callers sharing the load, and again after clear()', async () => {
    let loads = 0;
    const value = cached(1_000, async () => ++loads);
    expect(await Promise.all([value.get(), value.get()])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await value.get()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await value.get()).toBe(2);
    value.clear();
    expect(await value.get()).toBe(3);
  });

  it('does not keep a failed load', async () => {
    let calls = 0;
    const value = cached(1_000, async () => {
      calls += 1;
      if (calls === 1) throw new Error('lost connection');
      return calls;
    });
    await expect(value.get()).rejects.toThrow('lost connection');
    expect(await value.get()).toBe(2);
  });
});

describe('lruCache', () => {
  it('forgets an entry after its ttl', () => {
    const cache = lruCache<string>(100, 10);
    cache.set('a', 'A');
    vi.advanceTimersByTime(99);
    expect(cache.get('a')).toBe('A');
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used entry beyond its size', () => {
    const cache = lruCache<number>(1_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });
});
