import { afterAll, describe, expect, it } from 'vitest';
import { postmasterPid } from './db-faults.ts';
import { alive, exited, type ShopProcess, startShop, stopEverything, tempDir, waitFor } from './harness.ts';

/**
 * A second `npm start` on a DATA_DIR in use took the running shop's database for an
 * orphan of a killed process, stopped it and took over. Now it stops with a message and a non-zero exit,
 * touching nothing; a postmaster really left behind by a SIGKILLed shop is still recovered.
 */
afterAll(stopEverything);

/** Waits for a start that must refuse; on today's code it never exits (it took over), so this bounds it. */
async function refusal(shop: ShopProcess) {
  await waitFor('the second start to exit', () => shop.child.exitCode !== null || shop.child.signalCode !== null, {
    timeoutMs: 90_000,
  });
  return exited(shop.child);
}

describe('a second start on a DATA_DIR in use', () => {
  const dataDir = tempDir('data');
  let first: ShopProcess;

  it('stops with a clear message and a non-zero exit; the running shop and its database are untouched', async () => {
    first = await startShop({ dataDir });
    const database = postmasterPid(dataDir) as number;
    expect(alive(database)).toBe(true);

    const second = await startShop({ dataDir, ready: false });
    expect(await refusal(second)).toBe(1);
    expect(second.output()).toContain(`${dataDir} is in use by a running shop (pid ${first.pid})`);
    expect(second.output()).toContain('its database was left untouched');

    expect(alive(database)).toBe(true);
    expect(postmasterPid(dataDir)).toBe(database);
    expect((await first.api('products?limit=1')).status).toBe(200);
    expect((await first.api('ready')).status).toBe(200);
    expect(first.output()).not.toContain('restarting it');
  });

  it('after a SIGKILL of the shop, its orphaned postmaster is still recovered by the next start', async () => {
    const orphan = postmasterPid(dataDir) as number;
    await first.stop('SIGKILL');
    expect(alive(orphan)).toBe(true); // re-parented, still holding the data directory

    const next = await startShop({ dataDir });
    expect(alive(orphan)).toBe(false);
    expect(postmasterPid(dataDir)).not.toBe(orphan);
    expect(next.output()).toContain('left running by an earlier process');
    expect((await next.api('products?limit=1')).status).toBe(200);
    expect(await next.stop()).toBe(0);
  });
});

describe('three starts at once on a new DATA_DIR', () => {
  it('one serves, the other two stop with the message', async () => {
    const dataDir = tempDir('data');
    const shops = await Promise.all([1, 2, 3].map(() => startShop({ dataDir, ready: false })));
    const serving = await waitFor(
      'one of them to get ready',
      async () => {
        for (const shop of shops) {
          if (shop.child.exitCode !== null) continue;
          if ((await shop.api('ready').catch(() => undefined))?.status === 200) return shop;
        }
        return undefined;
      },
      { timeoutMs: 180_000 },
    );
    const others = shops.filter((shop) => shop !== serving);
    for (const other of others) {
      expect(await refusal(other)).toBe(1);
      expect(other.output()).toContain(`is in use by a running shop (pid ${serving.pid})`);
    }
    expect((await serving.api('products?limit=1')).status).toBe(200);
  });
});
