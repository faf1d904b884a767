import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newestMtime, root, SERVER_COMMAND, SERVER_ENV, SERVER_NODE_FLAGS, withLockFile } from './api.mjs';

// What `npm start` (scripts/start.mjs) decides about the web build, and how concurrent starts build it.

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-mjs-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('newestMtime', () => {
  it('reads the files only: a file planted and removed again leaves a built tree fresh', () => {
    const sources = tempDir();
    fs.mkdirSync(path.join(sources, 'lib'));
    const file = path.join(sources, 'lib', 'cn.ts');
    fs.writeFileSync(file, 'export const cn = 1;\n');
    const then = new Date('2026-01-01T00:00:00Z');
    fs.utimesSync(file, then, then);
    expect(newestMtime(sources)).toBe(then.getTime());

    // What the layers lint test does among the web app's sources: the folder's own time moves.
    const probe = path.join(sources, 'lib', 'probe.ts');
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
    expect(fs.statSync(path.join(sources, 'lib')).mtimeMs).toBeGreaterThan(then.getTime());
    expect(newestMtime(sources)).toBe(then.getTime());

    // An edit does count.
    const later = new Date('2026-02-01T00:00:00Z');
    fs.utimesSync(file, later, later);
    expect(newestMtime(sources)).toBe(later.getTime());
    expect(newestMtime(path.join(sources, 'missing'))).toBe(0);
  });
});

describe('withLockFile', () => {
  it('runs concurrent holders one at a time and removes the lock after each', async () => {
    const lock = path.join(tempDir(), 'build.building');
    const seen: string[] = [];
    const work = (name: string) => async () => {
      seen.push(`${name} in`);
      expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.pid));
      await new Promise((resolve) => setTimeout(resolve, 30));
      seen.push(`${name} out`);
      return name;
    };
    const answers = await Promise.all([withLockFile(lock, work('a')), withLockFile(lock, work('b'))]);
    expect(answers).toEqual(['a', 'b']);
    expect(seen).toEqual(['a in', 'a out', 'b in', 'b out']);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('takes over a lock whose process is gone (a start killed mid-build), and releases it on a throw', async () => {
    const lock = path.join(tempDir(), 'build.building');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(lock, gone.stdout);
    await expect(
      withLockFile(lock, () => {
        throw new Error('the build failed');
      }),
    ).rejects.toThrow('the build failed');
    expect(fs.existsSync(lock)).toBe(false);
  });
});

describe('how node runs the server', () => {
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

  it('is what `npm start` runs', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(SERVER_COMMAND);
  });

  it('is what the systemd unit of the deployment guide runs', () => {
    const guide = read('docs/deploy.md');
    expect(guide).toContain(`ExecStart=/usr/bin/node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(guide).toContain(`Environment=${name}=${value}`);
  });

  it('bounds the heap the server gets', () => {
    const probe = spawnSync(
      process.execPath,
      [...SERVER_NODE_FLAGS, '-e', 'process.stdout.write(String(require("v8").getHeapStatistics().heap_size_limit))'],
      { encoding: 'utf8' },
    );
    const limitMib = Number(probe.stdout) / (1024 * 1024);
    // The old space's 256 MiB and the young generation's three 8 MiB semi-spaces: 280 on node 20.
    expect(limitMib).toBeGreaterThan(256);
    expect(limitMib).toBeLessThanOrEqual(280);
  });
});
