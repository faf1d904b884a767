import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './web-build.ts';

/**
 * A build that went well says so in one line. Before, it printed the Vite chunk table,
 * React Router's deprecation notices and Rolldown's INEFFECTIVE_DYNAMIC_IMPORT warnings (~200 lines):
 * any warning of ours would be lost among them, so none may be printed when nothing is wrong.
 */
const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-build-output-'));

afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }));

describe('npm run build', () => {
  it('prints one line when nothing is wrong, and builds', async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts/build-web.mjs')], {
      cwd: ROOT,
      env: { ...process.env, WEB_BUILD_DIR: buildDir, FORCE_COLOR: '0' },
      maxBuffer: 16 * 1024 * 1024,
    });
    const lines = `${stdout}${stderr}`.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual([expect.stringMatching(/^Built the web app in \d+ s \(\d+ files, /)]);
    expect(fs.existsSync(path.join(buildDir, 'server/index.js'))).toBe(true);
  }, 300_000);
});
