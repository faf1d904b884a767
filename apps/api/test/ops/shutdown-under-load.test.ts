import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { alive, exited, startShop, stopEverything, tempDir, waitFor } from './harness.ts';

/**
 * A SIGTERM while both cores are busy and shoppers keep asking: every shutdown phase is logged with its
 * duration, the process exits, and the embedded PostgreSQL is stopped with it — never left running for
 * the next start to find. Repeated, since a hang showed itself in one stop out of two.
 */
afterAll(stopEverything);

/** Busy loops on every core; each ends by itself after `ms`, and is killed by the test before that. */
function cpuPressure(ms: number): ChildProcess[] {
  const loops = Math.max(2, os.availableParallelism());
  return Array.from({ length: loops }, () =>
    spawn(process.execPath, ['-e', `const end = Date.now() + ${ms}; while (Date.now() < end) {}`], {
      stdio: 'ignore',
    }),
  );
}

let pressure: ChildProcess[] = [];
afterEach(async () => {
  for (const child of pressure) child.kill('SIGKILL');
  await Promise.all(pressure.map((child) => exited(child)));
  pressure = [];
});

/** Shoppers asking for distinct listings until `stop()`: a bounded number at a time. */
function shoppers(url: string, concurrency: number) {
  let running = true;
  let answered = 0;
  const loops = Array.from({ length: concurrency }, async (_, n) => {
    for (let i = 0; running && i < 500; i++) {
      try {
        const res = await fetch(`${url}/api/products?limit=12&q=p${n}-${i}`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        answered++;
      } catch {
        // Refused once the listener closes: what a load balancer sees too.
      }
    }
  });
  return {
    answered: () => answered,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

const PHASES = ['http', 'jobs', 'background tasks', 'invalidation', 'pool', 'redis', 'database'];

describe('SIGTERM under CPU pressure and load', () => {
  for (const round of [1, 2, 3]) {
    it(`stops every phase and the embedded database (round ${round})`, async () => {
      const dataDir = tempDir(`stop-load-${round}`);
      const shop = await startShop({ dataDir, env: { SHUTDOWN_GRACE_MS: '3000' } });
      const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
      const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      expect(alive(postmaster)).toBe(true);

      pressure = cpuPressure(120_000);
      const load = shoppers(shop.url, 8);
      await waitFor('the shoppers to be answered', () => load.answered() >= 10);

      shop.child.kill('SIGTERM');
      const code = await exited(shop.child);
      await load.stop();

      const output = shop.output();
      for (const phase of PHASES) {
        expect(output).toMatch(new RegExp(`shutdown: ${phase} (stopped in \\d+ ms|did not stop within)`));
      }
      expect(output).not.toContain('the phases did not end in time');
      expect(code).toBe(0);
      expect(alive(postmaster)).toBe(false);
      expect(fs.existsSync(pidFile)).toBe(false);
    });
  }
});
