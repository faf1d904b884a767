import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runShutdown } from './shutdown.ts';

function recorder() {
  const lines: string[] = [];
  return {
    lines,
    log: { info: (_o: object, msg: string) => lines.push(msg), warn: (_o: object, msg: string) => lines.push(msg) },
  };
}

describe('runShutdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes on to the later phases, the database included, when a phase never finishes', async () => {
    const { lines, log } = recorder();
    const ran: string[] = [];
    const done = runShutdown(
      [
        { name: 'http', timeoutMs: 1_000, run: () => ran.push('http') },
        { name: 'jobs', timeoutMs: 5_000, run: () => new Promise(() => ran.push('jobs')) },
        {
          name: 'background tasks',
          timeoutMs: 2_000,
          run: () => {
            throw new Error('broken');
          },
        },
        { name: 'pool', timeoutMs: 2_000, run: async () => ran.push('pool') },
        { name: 'database', timeoutMs: 2_000, run: async () => ran.push('database') },
      ],
      log,
      () => Date.now(),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await done).toBe(false);
    expect(ran).toEqual(['http', 'jobs', 'pool', 'database']);
    expect(lines).toEqual([
      'shutdown: http stopped in 0 ms',
      'shutdown: jobs did not stop within 5000 ms; going on without it',
      'shutdown: background tasks failed after 0 ms',
      'shutdown: pool stopped in 0 ms',
      'shutdown: database stopped in 0 ms',
    ]);
  });

  it('reports a clean stop when every phase finishes in time, each with its duration', async () => {
    const { lines, log } = recorder();
    const done = runShutdown(
      [{ name: 'invalidation', timeoutMs: 1_000, run: () => new Promise((r) => setTimeout(r, 250)) }],
      log,
      () => Date.now(),
    );
    await vi.advanceTimersByTimeAsync(250);
    expect(await done).toBe(true);
    expect(lines).toEqual(['shutdown: invalidation stopped in 250 ms']);
  });
});
