import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCache, cached, estimateBytes } from './cache.ts';

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

describe('answerCache', () => {
  // lru-cache takes a start time of 0 for "no time to live": begin the fake clock later.
  beforeEach(() => vi.advanceTimersByTime(1_000));
  const answer = (n: number, bytes = 100) => ({ n, text: 'x'.repeat(bytes) });

  it('shares a load between concurrent callers and forgets the answer after its ttl', async () => {
    const cache = answerCache(1024 * 1024);
    let loads = 0;
    const load = async () => answer(++loads);
    const [a, b] = await Promise.all([cache.shared('k', 100, load), cache.shared('k', 100, load)]);
    expect([a.n, b.n]).toEqual([1, 1]);
    vi.advanceTimersByTime(100);
    expect((await cache.shared('k', 100, load)).n).toBe(1);
    vi.advanceTimersByTime(1);
    expect((await cache.shared('k', 100, load)).n).toBe(2);
  });

  it('lets expired answers go without anyone asking for them again (a burst of listings does not stay)', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout'] });
    vi.advanceTimersByTime(1_000);
    const cache = answerCache(1024 * 1024);
    await Promise.all(Array.from({ length: 50 }, (_, i) => cache.shared(`listing ${i}`, 1_000, async () => answer(i))));
    expect(cache.entries()).toBe(50);
    vi.advanceTimersByTime(1_001);
    expect(cache.entries()).toBe(0);
    expect(cache.bytes()).toBe(0);
  });

  it('does not keep a failure', async () => {
    const cache = answerCache(1024 * 1024);
    await expect(cache.shared('k', 1_000, async () => Promise.reject(new Error('lost connection')))).rejects.toThrow();
    expect((await cache.shared('k', 1_000, async () => answer(2))).n).toBe(2);
  });

  it('stays within its byte budget however many large answers it is given', async () => {
    const budget = 1024 * 1024;
    const cache = answerCache(budget);
    const big = 50_000; // ~100 kB each as counted: ten fit
    for (let i = 0; i < 2_000; i++) {
      await cache.shared(`page:${i}`, 60_000, async () => answer(i, big));
      expect(cache.bytes()).toBeLessThanOrEqual(budget);
    }
    expect(cache.bytes()).toBeGreaterThan(budget / 2);
    expect(cache.entries()).toBeLessThanOrEqual(budget / estimateBytes(answer(0, big)));
    // The most recent answers are the ones kept.
    let reloaded = false;
    await cache.shared('page:1999', 60_000, async () => {
      reloaded = true;
      return answer(1999, big);
    });
    expect(reloaded).toBe(false);
  });

  it('drops the least recently used answer first', async () => {
    const one = estimateBytes(answer(0, 1_000));
    const cache = answerCache(one * 2);
    await cache.shared('a', 60_000, async () => answer(1, 1_000));
    await cache.shared('b', 60_000, async () => answer(2, 1_000));
    await cache.shared('a', 60_000, async () => answer(9, 1_000)); // a used again
    await cache.shared('c', 60_000, async () => answer(3, 1_000));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });

  it('keeps nothing that was loading when it was cleared (it may have read the rows before the change)', async () => {
    const cache = answerCache(1024 * 1024);
    let release: (v: ReturnType<typeof answer>) => void = () => {};
    const slow = cache.shared('k', 60_000, () => new Promise<ReturnType<typeof answer>>((r) => (release = r)));
    const since = cache.generation();
    cache.clear();
    release(answer(1));
    await slow;
    cache.set('total', 41, 60_000, since);
    expect(cache.get('total')).toBeUndefined();
    expect((await cache.shared('k', 60_000, async () => answer(2))).n).toBe(2);
  });
});
