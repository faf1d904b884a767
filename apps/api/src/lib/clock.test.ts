import { describe, expect, it } from 'vitest';
import { manualClock } from './clock.ts';

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('manualClock', () => {
  it('wakes a sleep only when moved to its end', async () => {
    const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
    const nap = clock.sleep(1_000);
    expect(clock.sleeping()).toBe(1);
    clock.advance(999);
    expect(await settled(nap)).toBe(false);
    clock.advance(1);
    expect(await settled(nap)).toBe(true);
    expect(clock.sleeping()).toBe(0);
  });

  it('wakes every sleep that set() jumps past, and no other', async () => {
    const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
    const short = clock.sleep(10);
    const long = clock.sleep(10_000);
    clock.set(new Date('2026-01-01T00:00:01Z'));
    expect(await settled(short)).toBe(true);
    expect(await settled(long)).toBe(false);
    expect(clock.sleeping()).toBe(1);
  });

  it('ends a sleep at once when its signal aborts, or when it asks for no time', async () => {
    const clock = manualClock();
    const abort = new AbortController();
    const nap = clock.sleep(5_000, abort.signal);
    abort.abort();
    expect(await settled(nap)).toBe(true);
    expect(clock.sleeping()).toBe(0);
    expect(await settled(clock.sleep(0))).toBe(true);
  });
});
